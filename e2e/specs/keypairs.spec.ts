// SSH key pairs from the profile: the tenant administrator follows the profile's link, creates a key
// pair, sees its private key once and finds it in the list — in both languages.
import { expect, test } from "@playwright/test";
import { type Locale, openIn, shot, signIn } from "../support/ui";

for (const locale of ["zh-CN", "en-US"] as const satisfies readonly Locale[]) {
  test(`a key pair is created from the profile's link and its private key shown once (${locale})`, async ({
    page,
  }) => {
    const name = `e2e-key-${locale === "zh-CN" ? "zh" : "en"}`;
    await openIn(page, locale, "/login");
    await signIn(page, "demotenant", "Tenant@2026");
    await page.goto("/info");
    await page.getByTestId("profile-ssh-link").click();
    await expect(page).toHaveURL(/\/mgt\/sshkeypairs$/);

    await page.getByTestId("keypair-create").click();
    await page.getByTestId("keypair-form-name").fill(name);
    await page.getByTestId("keypair-form-submit").click();
    await expect(page.getByTestId("keypair-private-key")).toContainText("-----BEGIN RSA PRIVATE KEY-----");
    await shot(page, `keypair-private-${locale}`);
    await page.getByTestId("keypair-private-key-close").click();
    await expect(page.getByTestId("keypair-private-key")).toHaveCount(0);
    await expect(page.getByTestId(`keypair-row-${name}`)).toContainText("SHA256:");
    await shot(page, `keypairs-${locale}`);
  });
}
