// Small pieces the bucket list and detail share: the access tag, the storage class's name and the
// notice that the object store is simulated (no real one was configured); and a bucket's summary
// where resources of every kind are listed (the server's is written in codes).
import { type Bucket, type BucketAcl, STORAGE_CLASSES, type StorageClass } from "@skyledger/contracts";
import { Alert, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { UserData } from "../../components/user-data";

export function AclTag({ acl }: { acl: BucketAcl | null }) {
  const { t } = useTranslation();
  if (!acl) return <>-</>;
  return <Tag color={acl === "public-read" ? "orange" : "default"}>{t(`obs.acl.${acl}`)}</Tag>;
}

export function StorageClassName({ value }: { value: StorageClass | null }) {
  const { t } = useTranslation();
  return <>{value ? t(`obs.storageClass.${value}`) : "-"}</>;
}

/** Shown when any of the buckets lives in the simulated object store. */
export function SimulatedNotice({ buckets }: { buckets: readonly Bucket[] }) {
  const { t } = useTranslation();
  if (!buckets.some((b) => b.location?.simulated)) return null;
  return (
    <Alert
      type="info"
      showIcon
      title={t("obs.simulatedNotice")}
      style={{ marginBottom: 12 }}
      data-testid="obs-simulated"
    />
  );
}

/** "my-bucket · 标准存储": the S3 name as the user wrote it and the class in the reader's language. */
export function BucketSummary({ spec }: { spec: Record<string, unknown> }) {
  const { t } = useTranslation();
  const storageClass = spec.storageClass as StorageClass | undefined;
  const known = storageClass && (STORAGE_CLASSES as readonly string[]).includes(storageClass);
  return (
    <>
      <UserData>{String(spec.bucketName ?? "")}</UserData>
      {known && ` · ${t(`obs.storageClass.${storageClass}`)}`}
    </>
  );
}
