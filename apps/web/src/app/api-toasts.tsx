import { message } from "antd";
import { useEffect } from "react";
import { toastStore } from "./toast-store";

/** The API client's toasts, through antd's context-aware message hook (theme and locale apply). */
export function ApiToasts() {
  const [messageApi, holder] = message.useMessage();
  useEffect(() => {
    toastStore.attach((toast) => void messageApi[toast.kind](toast.text, toast.seconds));
    return () => toastStore.attach(null);
  }, [messageApi]);
  return holder;
}
