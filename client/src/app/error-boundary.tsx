import { RotateCcw, TriangleAlert } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

interface PanelBoundaryProps {
  /** Names the panel in the fallback ("We couldn't show the analyzer"). */
  name: string;
  children: ReactNode;
  className?: string;
  /** Dark panels (header, hero, footer) get a fallback that reads on a dark background. */
  tone?: 'light' | 'dark';
}

interface PanelBoundaryState {
  error: Error | null;
}

/**
 * Keeps a crash inside one independent panel (header, analyzer, testimonials...) from blanking the page.
 * React only catches render errors in class components, hence the class.
 */
export class PanelBoundary extends Component<PanelBoundaryProps, PanelBoundaryState> {
  override state: PanelBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): PanelBoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`Panel "${this.props.name}" failed to render`, error, info.componentStack);
  }

  private readonly reset = () => this.setState({ error: null });

  override render() {
    if (!this.state.error) return this.props.children;
    const dark = this.props.tone === 'dark';
    return (
      <div
        role="alert"
        className={cn(
          'flex flex-col items-center gap-3 rounded-xl border p-6 text-center text-sm',
          dark ? 'border-white/15 bg-white/5 text-slate-200' : 'border-slate-200 bg-slate-50 text-slate-700',
          this.props.className,
        )}
      >
        <TriangleAlert aria-hidden="true" className={cn('size-6', dark ? 'text-amber-300' : 'text-amber-600')} />
        <p>We couldn't show the {this.props.name} right now.</p>
        <Button size="sm" variant={dark ? 'outline-inverse' : 'outline'} onClick={this.reset}>
          <RotateCcw aria-hidden="true" /> Try again
        </Button>
      </div>
    );
  }
}
