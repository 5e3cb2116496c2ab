import type { ComponentChildren } from 'preact';
import { Link } from 'wouter-preact';
import { t } from '../i18n/t.js';

/** One step of the breadcrumbs: a link, or (the last, the page itself) plain text. */
export type Crumb = { label: ComponentChildren; href?: string; onClick?: (event: MouseEvent) => void };

/**
 * A content page's header bar: breadcrumbs (a nav named "Breadcrumb", the page itself last), the title (the page's
 * h1, id `page-title` for the section's aria-labelledby) and the page's actions at the right.
 */
export function PageHeader({ crumbs, title, children }: { crumbs: Crumb[]; title: ComponentChildren; children?: ComponentChildren }) {
  return (
    <header class="page-head">
      <div>
        <nav aria-label={t('Breadcrumb')}>
          <ol class="breadcrumb">
            {crumbs.map((crumb, index) => (
              <li key={index}>
                {crumb.href !== undefined && index < crumbs.length - 1 ? (
                  <Link href={crumb.href} onClick={crumb.onClick}>
                    {crumb.label}
                  </Link>
                ) : (
                  <span aria-current={index === crumbs.length - 1 ? 'page' : undefined}>{crumb.label}</span>
                )}
              </li>
            ))}
          </ol>
        </nav>
        <h1 id="page-title">{title}</h1>
      </div>
      {children && <div class="page-actions">{children}</div>}
    </header>
  );
}
