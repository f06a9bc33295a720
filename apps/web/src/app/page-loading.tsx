import { useTranslation } from "react-i18next";

/** A CSS spinner (see index.html): the fallback shows before any antd component has loaded. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div style={{ display: "flex", justifyContent: "center", alignItems: "center", minHeight: 240, flex: 1 }}>
      <div className="sl-spinner" role="status" aria-label={t("common.loading")} />
    </div>
  );
}
