// A message's type as a tag, and the type filter of the centre (both languages: messages.json).
import { MESSAGE_TYPES, type MessageType } from "@skyledger/contracts";
import { Select, Tag } from "antd";
import { useTranslation } from "react-i18next";

const COLORS: Record<MessageType, string> = {
  system: "default",
  billing: "gold",
  order: "blue",
  resource: "cyan",
  ticket: "purple",
  budget: "orange",
  announcement: "magenta",
};

export function MessageTypeTag({ type }: { type: MessageType }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[type]}>{t(`messages.types.${type}`)}</Tag>;
}

export function MessageTypeFilter(props: {
  value?: MessageType;
  onChange(v: MessageType | undefined): void;
}) {
  const { t } = useTranslation();
  return (
    <Select<MessageType>
      allowClear
      placeholder={t("messages.typeFilter")}
      aria-label={t("messages.typeFilter")}
      value={props.value}
      onChange={(v) => props.onChange(v)}
      style={{ width: 180 }}
      data-testid="message-type-filter"
      options={MESSAGE_TYPES.map((type) => ({ value: type, label: t(`messages.types.${type}`) }))}
    />
  );
}
