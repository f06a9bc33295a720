import { ConfigProvider } from "antd";
import enUS from "antd/es/locale/en_US";
import zhCN from "antd/es/locale/zh_CN";
import { I18nextProvider, useTranslation } from "react-i18next";
import { BrowserRouter } from "react-router";
import { i18n } from "../i18n";
import { ApiNavigation, setUpApi } from "./api-setup";
import { GlobalDialogs } from "./dialogs/global-dialogs";
import { AppRoutes } from "./router";
import { ToastHost } from "./toast-host";

setUpApi();

/** Someone who asked their system for less motion gets no zooming dialogs or sliding menus. */
const prefersReducedMotion =
  typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;

export const THEME = { token: { colorPrimary: "#1f5fbf", motion: !prefersReducedMotion } };

function LocalizedApp() {
  const { i18n: instance } = useTranslation();
  return (
    <ConfigProvider locale={instance.language === "en-US" ? enUS : zhCN} theme={THEME}>
      <BrowserRouter>
        <ApiNavigation />
        <AppRoutes />
        <ToastHost />
        <GlobalDialogs />
      </BrowserRouter>
    </ConfigProvider>
  );
}

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <LocalizedApp />
    </I18nextProvider>
  );
}
