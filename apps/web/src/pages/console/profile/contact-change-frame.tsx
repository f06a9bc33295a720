import { Descriptions, Space } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

type Props = { kind: "email" | "mobile"; current: string | null; children: ReactNode };

/** What the e-mail and phone change forms share: the current address or number above the form. */
export function ContactChangeFrame({ kind, current, children }: Props) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" style={{ width: "100%", maxWidth: 520 }}>
      <Descriptions
        column={1}
        items={[
          {
            key: "current",
            label: t(`profile.${kind}.current`),
            children: current ?? t(`profile.${kind}.none`),
          },
        ]}
      />
      {children}
    </Space>
  );
}
