// Codes an operator has just issued (invitation codes, coupons, cash vouchers) are shown once, one a
// line, with a copy button for the whole list, so they can be handed out.
import type { App } from "antd";
import { Typography } from "antd";

type Issued = {
  title: string;
  width: number;
  codes: readonly { key: string; code: string }[];
  /** data-testid of the list. */
  testId: string;
  /** data-testid of each code. */
  codeTestId?: string;
};

export function showIssuedCodes(
  modal: ReturnType<typeof App.useApp>["modal"],
  { title, width, codes, testId, codeTestId }: Issued,
) {
  modal.success({
    title,
    width,
    content: (
      <Typography.Paragraph copyable={{ text: codes.map((c) => c.code).join("\n") }} data-testid={testId}>
        {codes.map((c) => (
          <code key={c.key} style={{ display: "block" }} data-testid={codeTestId}>
            {c.code}
          </code>
        ))}
      </Typography.Paragraph>
    ),
  });
}
