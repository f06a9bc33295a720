// A file chooser that checks the file like the server does, uploads it at once and shows a
// preview: its value is the list of stored files, given to the submission by id.
import { DeleteOutlined, FileTextOutlined, UploadOutlined } from "@ant-design/icons";
import { allowedExtensions, isImageType, type UploadPurpose } from "@skyledger/contracts";
import { Button, Image, Space, Typography } from "antd";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api-client";
import { fileProblem } from "./file-check";
import { uploadFile } from "./verification-api";

export type UploadedFile = { id: string; name: string; contentType: string; previewUrl: string | null };

type Props = {
  purpose: UploadPurpose;
  testId: string;
  /** 1 replaces the file on a new choice; more lets files be added up to the limit. */
  max: number;
  value?: UploadedFile[];
  onChange?: (files: UploadedFile[]) => void;
  id?: string;
};

export function UploadField({ purpose, testId, max, value = [], onChange, id }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Previews are object URLs of the chosen files; they are released when no longer shown.
  const urls = useRef(new Set<string>());
  useEffect(() => {
    const owned = urls.current;
    return () => {
      for (const url of owned) URL.revokeObjectURL(url);
    };
  }, []);

  const release = (files: UploadedFile[]) => {
    for (const f of files) {
      if (f.previewUrl) {
        URL.revokeObjectURL(f.previewUrl);
        urls.current.delete(f.previewUrl);
      }
    }
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = "";
    if (chosen.length === 0) return;
    setError(null);
    const kept = max === 1 ? [] : value;
    if (kept.length + chosen.length > max) {
      setError(t("verification.errors.tooManyFiles", { max }));
      return;
    }
    setBusy(true);
    const added: UploadedFile[] = [];
    try {
      for (const file of chosen) {
        const problem = await fileProblem(purpose, file);
        if (problem) {
          setError(t(problem.key, problem.params));
          break;
        }
        const stored = await uploadFile(purpose, file);
        const previewUrl = isImageType(stored.contentType) ? URL.createObjectURL(file) : null;
        if (previewUrl) urls.current.add(previewUrl);
        added.push({ id: stored.id, name: stored.name, contentType: stored.contentType, previewUrl });
      }
    } catch (failure) {
      if (failure instanceof ApiError) setError(failure.message);
    } finally {
      setBusy(false);
    }
    if (added.length > 0) {
      if (max === 1) release(value);
      onChange?.([...kept, ...added]);
    }
  };

  const remove = (index: number) => {
    const file = value[index];
    if (file) release([file]);
    onChange?.(value.filter((_, i) => i !== index));
  };

  return (
    <div id={id}>
      {/* The browser's own chooser ("Choose File / No file chosen", in the browser's language) is
          never shown: the button below opens it. `hidden` alone is not enough, as antd's form
          styles display file inputs as blocks. */}
      <input
        ref={input}
        type="file"
        hidden
        style={{ display: "none" }}
        multiple={max > 1}
        accept={allowedExtensions(purpose)
          .map((e) => `.${e}`)
          .join(",")}
        onChange={(event) => void choose(event)}
        data-testid={testId}
      />
      <Space orientation="vertical" style={{ width: "100%" }}>
        {value.length > 0 && (
          <Space wrap align="start">
            {value.map((file, index) => (
              <Space key={file.id} orientation="vertical" size={4} data-testid={`${testId}-file`}>
                {file.previewUrl ? (
                  <Image
                    src={file.previewUrl}
                    width={160}
                    height={100}
                    style={{ objectFit: "cover" }}
                    alt={t("verification.upload.preview", { name: file.name })}
                  />
                ) : (
                  <Space>
                    <FileTextOutlined />
                    <Typography.Text>{file.name}</Typography.Text>
                  </Space>
                )}
                <Button
                  size="small"
                  type="link"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => remove(index)}
                  aria-label={t("verification.upload.remove", { name: file.name })}
                  data-testid={`${testId}-remove-${index}`}
                />
              </Space>
            ))}
          </Space>
        )}
        {(max === 1 || value.length < max) && (
          <Button
            icon={<UploadOutlined />}
            loading={busy}
            onClick={() => input.current?.click()}
            data-testid={`${testId}-button`}
          >
            {busy
              ? t("verification.upload.uploading")
              : t(
                  value.length > 0 && max > 1
                    ? "verification.upload.chooseMore"
                    : "verification.upload.choose",
                )}
          </Button>
        )}
        {error && (
          <Typography.Text type="danger" data-testid={`${testId}-error`}>
            {error}
          </Typography.Text>
        )}
      </Space>
    </div>
  );
}
