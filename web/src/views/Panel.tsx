import { useId, type ReactNode } from 'react';
import { ErrorBoundary } from './ErrorBoundary';

interface Props {
  title: string;
  /** Extra header content (legends, selectors). */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
  testId?: string;
}

/** A titled card; its content is wrapped in an error boundary. */
export function Panel({ title, aside, className, children, testId }: Props) {
  // Titles are translated, so the heading's id cannot come from them.
  const id = `panel-${useId().replace(/:/g, '')}`;
  return (
    <section className={`panel ${className ?? ''}`} aria-labelledby={id} data-testid={testId}>
      <header className="panel-header">
        <h2 id={id}>{title}</h2>
        {aside}
      </header>
      <ErrorBoundary name={title}>{children}</ErrorBoundary>
    </section>
  );
}
