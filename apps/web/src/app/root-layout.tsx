import { Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useNavigate } from "react-router";
import { ApiError, type ApiErrorKind } from "../lib/api-client";
import { usePublicConfig } from "../lib/system-config";
import { PageLoading } from "./page-loading";
import { RouteErrorBoundary } from "./route-error";

export const EXCEPTION_PATHS: readonly string[] = [
  "/403",
  "/404",
  "/426",
  "/429",
  "/tokenError",
  "/unavailable",
  "/license",
];

// These failures already took the user to their own page (the client's behaviour table).
const NAVIGATED: ReadonlySet<ApiErrorKind> = new Set([
  "rateLimited",
  "upgrade",
  "unavailable",
  "forbidden",
  "session",
]);

/** Spec §8 start-up: an empty or unreadable system configuration goes to /tokenError. */
function useStartupConfig() {
  const config = usePublicConfig();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const systemName = config.values.get("system.name");

  useEffect(() => {
    if (EXCEPTION_PATHS.includes(pathname)) return;
    const failed =
      (config.isError && !(config.error instanceof ApiError && NAVIGATED.has(config.error.kind))) ||
      (config.data !== undefined && (config.data?.configs ?? []).length === 0);
    if (failed) void navigate("/tokenError", { replace: true });
  }, [config.isError, config.error, config.data, pathname, navigate]);

  useEffect(() => {
    document.title = systemName || t("common.appName");
  }, [systemName, t]);
}

export function RootLayout() {
  useStartupConfig();
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}
