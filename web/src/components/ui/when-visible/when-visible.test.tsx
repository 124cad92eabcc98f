import { act, render, screen } from '@testing-library/react';
import { WhenVisible } from './when-visible';

/** A stand-in IntersectionObserver the test moves boxes into view with. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  readonly observed: Element[] = [];
  disconnected = false;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  show(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

afterEach(() => {
  FakeObserver.instances = [];
  delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
});

describe('WhenVisible', () => {
  it('keeps the space until the box comes near the screen, then draws the content and stops watching', () => {
    window.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver;
    const { container } = render(
      <WhenVisible minHeight="12rem">
        <p>Chart</p>
      </WhenVisible>,
    );
    expect(screen.queryByText('Chart')).toBeNull();
    const placeholder = container.querySelector<HTMLElement>('.fg-when-visible')!;
    expect(placeholder.style.minHeight).toBe('12rem');
    const [observer] = FakeObserver.instances;
    expect(observer!.options?.rootMargin).toBe('200px');

    act(() => observer!.show(false));
    expect(screen.queryByText('Chart')).toBeNull();
    act(() => observer!.show(true));
    expect(screen.getByText('Chart')).toBeTruthy();
    expect(container.querySelector('.fg-when-visible')).toBeNull();
    expect(observer!.disconnected).toBe(true);
  });

  it('draws at once where the browser has no IntersectionObserver', () => {
    render(
      <WhenVisible minHeight="12rem">
        <p>Chart</p>
      </WhenVisible>,
    );
    expect(screen.getByText('Chart')).toBeTruthy();
  });
});
