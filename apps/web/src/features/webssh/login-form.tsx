// The remote login form of /webssh: the login user (root unless changed), and a password or a
// private key — pasted, or read from a local file in the browser (FileReader: nothing is uploaded)
// — with its passphrase when it has one. The rules are the server's (contracts' webSshLoginBody).
// The secret leaves the browser only inside the signed ticket call; the fields are cleared once it
// is sent, and nothing is kept anywhere.
import { LOGIN_USER_PATTERN, type WebSshLoginBody } from "@skyledger/contracts";
import { Button, Form, Input, Radio, Space, Typography, Upload } from "antd";
import { useTranslation } from "react-i18next";
import { useFormSubmit } from "../../components/use-form-submit";

type Values = {
  username: string;
  method: "password" | "privateKey";
  password?: string;
  privateKey?: string;
  passphrase?: string;
};

export function LoginForm({
  disabled,
  onLogin,
}: {
  disabled?: boolean;
  /** Logs in with the values; a throw keeps the form for another try (the error is shown by the caller). */
  onLogin(body: WebSshLoginBody): Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const method = Form.useWatch("method", form) ?? "password";
  const { saving, run } = useFormSubmit(form, {
    action: async (v) => {
      const body: WebSshLoginBody =
        v.method === "password"
          ? { username: v.username.trim(), method: "password", password: v.password ?? "" }
          : {
              username: v.username.trim(),
              method: "privateKey",
              privateKey: v.privateKey ?? "",
              ...(v.passphrase ? { passphrase: v.passphrase } : {}),
            };
      // The secret is not kept in the form once it has been sent.
      form.setFieldsValue({ password: "", passphrase: "" });
      await onLogin(body);
    },
  });

  /** Reads a key file in the browser; `false` keeps antd from uploading it anywhere. */
  const readKeyFile = (file: File) => {
    void file.text().then((text) => {
      form.setFieldsValue({ privateKey: text });
      void form.validateFields(["privateKey"]);
    });
    return false;
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ username: "root", method: "password" }}
      onFinish={run}
      disabled={disabled}
      style={{ maxWidth: 560 }}
      data-testid="webssh-form"
    >
      <Form.Item
        name="username"
        label={t("webssh.form.username")}
        rules={[
          { required: true, whitespace: true, message: t("validation.required") },
          { pattern: LOGIN_USER_PATTERN, message: t("validation.loginUser") },
        ]}
      >
        <Input autoComplete="off" data-testid="webssh-username" />
      </Form.Item>
      <Form.Item name="method" label={t("webssh.form.method")}>
        <Radio.Group
          options={[
            {
              value: "password",
              label: <span data-testid="webssh-method-password">{t("webssh.form.password")}</span>,
            },
            {
              value: "privateKey",
              label: <span data-testid="webssh-method-key">{t("webssh.form.privateKey")}</span>,
            },
          ]}
        />
      </Form.Item>
      {method === "password" ? (
        <Form.Item
          name="password"
          label={t("webssh.form.password")}
          rules={[
            { required: true, message: t("validation.required") },
            { max: 256, message: t("validation.invalid") },
          ]}
        >
          <Input.Password autoComplete="off" data-testid="webssh-password" />
        </Form.Item>
      ) : (
        <>
          <Form.Item
            name="privateKey"
            label={t("webssh.form.privateKey")}
            extra={
              <Upload accept=".pem,.key,text/plain,*" showUploadList={false} beforeUpload={readKeyFile}>
                <Button size="small" style={{ marginTop: 4 }} data-testid="webssh-key-file">
                  {t("webssh.form.readFile")}
                </Button>
              </Upload>
            }
            rules={[
              { required: true, whitespace: true, message: t("validation.required") },
              { max: 16_384, message: t("validation.invalid") },
            ]}
          >
            <Input.TextArea
              rows={6}
              spellCheck={false}
              placeholder={t("webssh.form.privateKeyPlaceholder")}
              style={{ fontFamily: "monospace" }}
              data-testid="webssh-private-key"
            />
          </Form.Item>
          <Form.Item
            name="passphrase"
            label={t("webssh.form.passphrase")}
            extra={t("webssh.form.passphraseHelp")}
            rules={[{ max: 256, message: t("validation.invalid") }]}
          >
            <Input.Password autoComplete="off" data-testid="webssh-passphrase" />
          </Form.Item>
        </>
      )}
      <Typography.Paragraph type="secondary" data-testid="webssh-secret-note">
        {t("webssh.form.secretNote")}
      </Typography.Paragraph>
      <Space>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="webssh-connect">
          {t("webssh.form.connect")}
        </Button>
      </Space>
    </Form>
  );
}
