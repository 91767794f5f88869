import { Component, type ReactNode } from "react";
import { ErrorMessage } from "../components/error-message";

type Props = { children: ReactNode /** A new page clears the error. */; resetKey: string };

/** The areas' counterpart of a route's ErrorBoundary: a page that throws shows the error page. */
export class PageErrorBoundary extends Component<Props, { error: unknown; key: string }> {
  state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    return this.state.error ? <ErrorMessage notFound={false} /> : this.props.children;
  }
}
