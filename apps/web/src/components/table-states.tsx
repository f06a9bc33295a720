import { Button, Empty, Result } from "antd";
import type { TFunction } from "i18next";

type Loadable = { isError: boolean; refetch(): unknown };

/** What an empty table says: nothing yet, or that the list could not be loaded (with a retry). */
export function tableLocale(query: Loadable, t: TFunction, emptyText?: string) {
  return {
    emptyText: query.isError ? (
      <LoadFailed onRetry={() => void query.refetch()} t={t} />
    ) : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? t("common.empty")} />
    ),
  };
}

export function LoadFailed({ onRetry, t }: { onRetry(): void; t: TFunction }) {
  return (
    <Result
      status="warning"
      title={t("common.loadFailed")}
      extra={
        <Button onClick={onRetry} data-testid="load-retry">
          {t("common.retry")}
        </Button>
      }
    />
  );
}
