import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from '@/components/errors/error-screen';
import { isFailedImport } from '@/lib/stale-build';

interface Props {
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/**
 * Spec 3 §8 rendering error: the screen offers 'Try again?', which clears the error and re-renders.
 * A page whose code failed to load (a file a deploy removed, or the network) would only fail again, since
 * a lazy page keeps its failure: there, trying again loads the page anew (src/lib/stale-build.ts).
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Rendering error', error, info.componentStack);
  }

  reset = (): void => {
    if (isFailedImport(this.state.error)) window.location.reload();
    else this.setState({ error: null });
  };

  override render() {
    if (this.state.error) return <ErrorScreen onRetry={this.reset} />;
    return this.props.children;
  }
}
