import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerAppUpdates, UPDATE_READY } from './app-updates';

/** A worker as the browser's API shows it: a state that changes, and the messages it was sent. */
class Worker extends EventTarget {
  state = 'installing';
  messages: unknown[] = [];
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  become(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

/** jsdom has no service workers: the browser's container and registration, as far as the app uses them. */
function serviceWorkers(controlled: boolean) {
  const registration = Object.assign(new EventTarget(), { waiting: null as Worker | null, installing: null as Worker | null });
  const container = Object.assign(new EventTarget(), {
    controller: controlled ? new Worker() : null,
    register: jest.fn(async () => registration),
  });
  /** The browser found a new worker script and installs it. */
  const deploy = () => {
    const worker = new Worker();
    registration.installing = worker;
    registration.dispatchEvent(new Event('updatefound'));
    act(() => worker.become('installed'));
    return worker;
  };
  return { container: container as unknown as ServiceWorkerContainer, register: container.register, deploy };
}

describe('the installable app’s versions', () => {
  beforeEach(() => document.body.replaceChildren());

  it('registers the worker for the whole site, and says nothing on a first install', async () => {
    const workers = serviceWorkers(false);
    await registerAppUpdates(workers.container);
    expect(workers.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    workers.deploy();
    expect(screen.queryByText(UPDATE_READY)).toBeNull();
  });

  it('announces a new version and lets it take over on Reload', async () => {
    const workers = serviceWorkers(true);
    await registerAppUpdates(workers.container);
    const next = workers.deploy();
    expect(screen.getByRole('status').textContent).toContain(UPDATE_READY);
    expect(next.messages).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(next.messages).toEqual([{ type: 'SKIP_WAITING' }]);
  });

  it('goes away on Later, and the new version keeps waiting', async () => {
    const workers = serviceWorkers(true);
    await registerAppUpdates(workers.container);
    const next = workers.deploy();
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByText(UPDATE_READY)).toBeNull();
    expect(next.messages).toEqual([]);
  });
});
