// The remote login form of /webssh: the login user defaults to root and follows the server's rule;
// a password or a private key is required by the chosen method; a key can be read from a local file
// in the browser; what is sent is exactly what the server's schema takes, and the password field is
// empty once it has been sent.
import { type WebSshLoginBody, webSshLoginBody } from "@skyledger/contracts";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { App as AntApp } from "antd";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { LoginForm } from "../src/features/webssh/login-form";
import { i18n, loadTexts, setLanguage } from "../src/i18n";

afterEach(cleanup);
beforeAll(async () => {
  await loadTexts();
  await setLanguage("en-US");
});

function renderForm(onLogin = vi.fn(async (_body: WebSshLoginBody) => undefined)) {
  render(
    <I18nextProvider i18n={i18n}>
      <AntApp>
        <LoginForm onLogin={onLogin} />
      </AntApp>
    </I18nextProvider>,
  );
  return onLogin;
}

const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
/** The radio of the key method (happy-dom does not pass a click on a label's text to its input). */
const chooseKey = () =>
  fireEvent.click(screen.getByTestId("webssh-method-key").closest("label")!.querySelector("input")!);
const type = (testId: string, value: string) => fireEvent.change(field(testId), { target: { value } });

describe("remote login form", () => {
  it("starts with root and a password, and asks for the password before sending anything", async () => {
    const onLogin = renderForm();
    expect(field("webssh-username").value).toBe("root");
    fireEvent.click(screen.getByTestId("webssh-connect"));
    expect(await screen.findByText("This field is required")).toBeTruthy();
    expect(onLogin).not.toHaveBeenCalled();
  });

  it("refuses a login user Linux would not accept, with the server's message", async () => {
    const onLogin = renderForm();
    type("webssh-username", "Root!");
    type("webssh-password", "pw");
    fireEvent.click(screen.getByTestId("webssh-connect"));
    expect(
      await screen.findByText(
        "The login user starts with a lowercase letter or underscore and has at most 32 lowercase letters, digits, underscores and hyphens",
      ),
    ).toBeTruthy();
    expect(onLogin).not.toHaveBeenCalled();
  });

  it("sends the user and the password as the server's schema takes them, then empties the password", async () => {
    const onLogin = renderForm();
    type("webssh-username", "deploy");
    type("webssh-password", "s3cret!");
    fireEvent.click(screen.getByTestId("webssh-connect"));
    await waitFor(() => expect(onLogin).toHaveBeenCalledTimes(1));
    const body = onLogin.mock.calls[0]![0];
    expect(body).toEqual({ username: "deploy", method: "password", password: "s3cret!" });
    expect(webSshLoginBody.safeParse(body).success).toBe(true);
    await waitFor(() => expect(field("webssh-password").value).toBe(""));
  });

  it("takes a private key read from a local file, with its passphrase", async () => {
    const onLogin = renderForm();
    chooseKey();
    const key =
      "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n";
    const input = (await screen.findByTestId("webssh-key-file"))
      .closest("span")!
      .parentElement!.querySelector("input[type=file]")!;
    fireEvent.change(input, { target: { files: [new File([key], "id_ed25519", { type: "text/plain" })] } });
    await waitFor(() => expect(field("webssh-private-key").value).toBe(key));
    type("webssh-passphrase", "pass");
    fireEvent.click(screen.getByTestId("webssh-connect"));
    await waitFor(() => expect(onLogin).toHaveBeenCalledTimes(1));
    expect(onLogin.mock.calls[0]![0]).toEqual({
      username: "root",
      method: "privateKey",
      privateKey: key,
      passphrase: "pass",
    });
  });

  it("asks for the key when the key method is chosen and none is given", async () => {
    const onLogin = renderForm();
    chooseKey();
    await screen.findByTestId("webssh-private-key");
    fireEvent.click(screen.getByTestId("webssh-connect"));
    expect(await screen.findByText("This field is required")).toBeTruthy();
    expect(onLogin).not.toHaveBeenCalled();
  });
});
