import { act, render, screen } from '@testing-library/react';
import { useInView } from './use-in-view';

function Probe() {
  const [ref, seen] = useInView<HTMLDivElement>();
  return <div ref={ref}>{seen ? 'seen' : 'not yet'}</div>;
}

describe('useInView', () => {
  const original = globalThis.IntersectionObserver;
  afterEach(() => {
    globalThis.IntersectionObserver = original;
  });

  it('answers false until the element comes on screen, then true for good', () => {
    const observers: { callback: IntersectionObserverCallback; disconnected: boolean }[] = [];
    globalThis.IntersectionObserver = class {
      record: { callback: IntersectionObserverCallback; disconnected: boolean };
      constructor(callback: IntersectionObserverCallback) {
        this.record = { callback, disconnected: false };
        observers.push(this.record);
      }
      observe() {}
      disconnect() {
        this.record.disconnected = true;
      }
    } as unknown as typeof IntersectionObserver;
    render(<Probe />);
    expect(screen.getByText('not yet')).toBeTruthy();

    const [observer] = observers;
    const report = (isIntersecting: boolean) => act(() => observer.callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver));
    report(false);
    expect(screen.getByText('not yet')).toBeTruthy();
    report(true);
    expect(screen.getByText('seen')).toBeTruthy();
    expect(observer.disconnected).toBe(true);
  });

  it('answers true at once where the browser cannot observe (jsdom has no IntersectionObserver)', () => {
    expect(original).toBeUndefined();
    render(<Probe />);
    expect(screen.getByText('seen')).toBeTruthy();
  });
});
