import { Component, type ErrorInfo, type ReactNode } from 'react';
import { t as tr } from '../i18n';

interface Props {
  /** Names the panel in the message. */
  name: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** A bug in one panel shows a message in its place instead of a blank page. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`${this.props.name} failed`, error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="panel-error" role="alert">
        <strong>{tr('common:boundary.failed', { name: this.props.name })}</strong>
        <code>{error.message}</code>
        <button type="button" className="button" onClick={() => this.setState({ error: null })}>
          {tr('common:boundary.retry')}
        </button>
      </div>
    );
  }
}
