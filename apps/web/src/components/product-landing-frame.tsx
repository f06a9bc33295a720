// The frame of a public product landing (`/apply/{id}`, `/apply/share/{id}`; no sign-in): the
// product's name and category as the page's title in the user's language, a skeleton while it is
// read, and instead of the product either "not on sale" (the server answered 404 or a business
// refusal: unknown, delisted or another kind) with the way to the console, or a retry.
import type { UseQueryResult } from "@tanstack/react-query";
import { Button, Result, Skeleton } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { currentLanguage } from "../i18n";
import { ApiError } from "../lib/api-client";
import { AuthLayout } from "./auth-layout";

type Named = { nameZh: string; nameEn: string; categoryNameZh: string; categoryNameEn: string };

type Props<T extends Named> = {
  landing: UseQueryResult<T>;
  /** The texts of the page's own domain. */
  texts: { title: string; notFound: string; loadFailed: string; toConsole: string };
  errorTestId: string;
  children: (product: T) => ReactNode;
};

export function ProductLandingFrame<T extends Named>({ landing, texts, errorTestId, children }: Props<T>) {
  const { t } = useTranslation();
  const english = currentLanguage() === "en-US";
  const p = landing.data;
  const notFound =
    landing.error instanceof ApiError &&
    (landing.error.kind === "notFound" || landing.error.kind === "business");
  return (
    <AuthLayout
      title={p ? (english ? p.nameEn : p.nameZh) : texts.title}
      subtitle={p ? (english ? p.categoryNameEn : p.categoryNameZh) : undefined}
      width={860}
    >
      {landing.isPending && <Skeleton active paragraph={{ rows: 8 }} />}
      {landing.isError && (
        <Result
          status={notFound ? "404" : "warning"}
          title={notFound ? texts.notFound : texts.loadFailed}
          extra={
            notFound ? (
              <Link to="/login">{texts.toConsole}</Link>
            ) : (
              <Button onClick={() => void landing.refetch()}>{t("common.retry")}</Button>
            )
          }
          data-testid={errorTestId}
        />
      )}
      {p && children(p)}
    </AuthLayout>
  );
}
