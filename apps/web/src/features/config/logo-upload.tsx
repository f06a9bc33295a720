import { DeleteOutlined, UploadOutlined } from "@ant-design/icons";
import { App, Button, Space, Upload } from "antd";
import { useTranslation } from "react-i18next";

export const LOGO_MAX_BYTES = 200 * 1024;
// A config value holds at most 200,000 characters (contracts), which a base64 data URL reaches
// before the file reaches 200 KB; both limits apply.
export const LOGO_MAX_CHARS = 200_000;
const TYPES = ["image/png", "image/jpeg", "image/svg+xml", "image/gif", "image/webp"];

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

type Props = { value?: string; onChange?: (value: string) => void; testId: string };

/** A logo stored as a data URL in the configuration. */
export function LogoUpload({ value, onChange, testId }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();

  const accept = async (file: File) => {
    if (!TYPES.includes(file.type)) return void message.error(t("ops.config.logoType"));
    if (file.size > LOGO_MAX_BYTES) return void message.error(t("ops.config.logoTooLarge", { kb: 200 }));
    const url = await readAsDataUrl(file);
    if (url.length > LOGO_MAX_CHARS) return void message.error(t("ops.config.logoTooLong"));
    onChange?.(url);
  };

  return (
    <Space align="center" wrap data-testid={testId}>
      {value ? (
        <img
          src={value}
          alt={t("ops.config.logoPreview")}
          style={{ height: 40, maxWidth: 200, objectFit: "contain", border: "1px solid #f0f0f0", padding: 4 }}
        />
      ) : (
        <span style={{ color: "rgba(0,0,0,0.45)" }}>{t("ops.config.noLogo")}</span>
      )}
      <Upload
        accept={TYPES.join(",")}
        showUploadList={false}
        beforeUpload={(file) => {
          void accept(file);
          // Never upload anywhere: the value is saved with the rest of the configuration.
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined />}>{t("ops.config.chooseLogo")}</Button>
      </Upload>
      {value && (
        <Button icon={<DeleteOutlined />} onClick={() => onChange?.("")}>
          {t("ops.config.removeLogo")}
        </Button>
      )}
    </Space>
  );
}
