import type { ReactNode } from 'react';
import '../auth.css';

/** The heading and intro of an account page, then its content. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section className="fg-auth" aria-labelledby="fg-auth-title">
      <header className="fg-auth__header">
        <h1 id="fg-auth-title">{title}</h1>
        {intro ? <p>{intro}</p> : null}
      </header>
      {children}
    </section>
  );
}
