// Last-resort screen for errors thrown while rendering a page, most often a page chunk that did
// not load (network loss, or a deployment replaced the files). Plain markup: it must not depend
// on a chunk that may itself be missing.
import { Component, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { ChunkLoadTimeoutError } from "./lazy-page";

export function isChunkError(error: unknown): boolean {
  if (error instanceof ChunkLoadTimeoutError) return true;
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk/i.test(
    text,
  );
}

function RouteErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const chunk = isChunkError(error);
  return (
    <div role="alert" style={{ maxWidth: 520, margin: "15vh auto", padding: 24, textAlign: "center" }}>
      <h1 style={{ fontSize: 22, fontWeight: 600 }}>
        {t(chunk ? "common.pageError.chunkTitle" : "common.pageError.crashTitle")}
      </h1>
      <p style={{ color: "rgba(0,0,0,0.55)" }}>
        {t(chunk ? "common.pageError.chunkDescription" : "common.pageError.crashDescription")}
      </p>
      <button
        type="button"
        onClick={() => globalThis.location.reload()}
        style={{
          padding: "6px 16px",
          borderRadius: 6,
          border: "none",
          background: "#1f5fbf",
          color: "#fff",
          cursor: "pointer",
        }}
      >
        {t("common.reload")}
      </button>
    </div>
  );
}

type BoundaryProps = { resetKey: string; children: ReactNode };
type BoundaryState = { error: unknown; resetKey: string };

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  // Moving to another page clears the error, so one broken page does not lock the app.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override render() {
    return this.state.error ? <RouteErrorScreen error={this.state.error} /> : this.props.children;
  }
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary resetKey={pathname}>{children}</Boundary>;
}
