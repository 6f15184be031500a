import { useQuery } from '@tanstack/react-query';
import { FileJson, Key } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { Link } from 'react-router';
import { TOKEN_SCOPES } from '#shared/domain/access-tokens';
import { LIMITS } from '#shared/limits';
import { CONTROL_CLASSES } from '../../components/pickers/field-parts';
import { PageSpinner } from '../../components/ui/spinner';
import { useT } from '../../lib/intl';
import { type ApiOperation, curlExample, operationsOf, type OpenApiDocument, typeLabel } from './openapi';

/**
 * /razvijalci: the API reference, read from the server's OpenAPI document (/api/openapi.json) and shown in
 * the app's own pages (no third-party viewer: the CSP allows only our scripts, and this chunk loads only here).
 */
export default function ApiDocsPage() {
  const t = useT();
  const doc = useQuery({
    queryKey: ['openapi'],
    queryFn: async (): Promise<OpenApiDocument> => {
      const res = await fetch('/api/openapi.json');
      if (!res.ok) throw new Error(String(res.status));
      return res.json();
    },
    staleTime: Infinity,
  });
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-3">
        <h1 className="text-headline font-extrabold">{t('apiDocs.title')}</h1>
        <p className="max-w-3xl">{t('apiDocs.intro')}</p>
      </header>
      <Overview />
      {doc.isPending ? (
        <PageSpinner />
      ) : doc.isError ? (
        <div role="alert" className="rounded-card bg-danger-soft p-4 text-danger-strong">
          <p className="font-semibold">{t('apiDocs.loadError')}</p>
          <p>{t('common.networkError')}</p>
        </div>
      ) : (
        <Operations doc={doc.data} />
      )}
    </div>
  );
}

function Overview() {
  const t = useT();
  return (
    <section
      aria-labelledby="api-auth"
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5 shadow-card md:p-6"
    >
      <h2 id="api-auth" className="flex items-center gap-2 text-lead font-bold">
        <Key aria-hidden="true" className="size-5 text-muted-foreground" />
        {t('apiDocs.authTitle')}
      </h2>
      <p>{t('apiDocs.auth')}</p>
      <pre className="rounded-control bg-muted p-3 text-label break-all whitespace-pre-wrap">
        <code>Authorization: Bearer tacke_pat_…</code>
      </pre>
      <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
        {TOKEN_SCOPES.map((scope) => (
          <div key={scope} className="contents">
            <dt className="font-semibold">{t(`tokens.scope.${scope}`)}</dt>
            <dd className="text-muted-foreground">{t(`tokens.scopeHint.${scope}`)}</dd>
          </div>
        ))}
        <div className="contents">
          <dt className="font-semibold">{t('apiDocs.sessionScope')}</dt>
          <dd className="text-muted-foreground">{t('apiDocs.sessionHint')}</dd>
        </div>
      </dl>
      <p className="text-label text-muted-foreground">
        {t('apiDocs.limit', { count: LIMITS.accessToken.callsPerMinute })}
      </p>
      <p className="text-label text-muted-foreground">{t('apiDocs.typescript')}</p>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <Link to="/profil" className="font-semibold text-primary-strong underline">
          {t('apiDocs.tokensLink')}
        </Link>
        <a
          href="/api/openapi.json"
          className="inline-flex items-center gap-1 font-semibold text-primary-strong underline"
        >
          <FileJson aria-hidden="true" className="size-4" />
          {t('apiDocs.openapiLink')}
        </a>
      </div>
    </section>
  );
}

function Operations({ doc }: { doc: OpenApiDocument }) {
  const t = useT();
  const id = useId();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim().toLowerCase());
  const operations = operationsOf(doc).filter(
    (op) => !query || op.name.toLowerCase().includes(query) || op.summary.toLowerCase().includes(query),
  );
  const groups = new Map<string, ApiOperation[]>();
  for (const op of operations) groups.set(op.tag, [...(groups.get(op.tag) ?? []), op]);
  return (
    <>
      {/* Plain markup, not ui/field: sharing it with this lazy page would split the sign-in page's chunks. */}
      <div className="flex max-w-md flex-col gap-1.5">
        <label htmlFor={`${id}-search`} className="font-semibold">
          {t('apiDocs.search')}
        </label>
        <input
          id={`${id}-search`}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className={CONTROL_CLASSES}
        />
      </div>
      {operations.length === 0 && <p role="status">{t('apiDocs.noMatch')}</p>}
      {[...groups].map(([tag, ops]) => (
        <section key={tag} aria-labelledby={`${id}-${tag}`} className="flex flex-col gap-3">
          <h2 id={`${id}-${tag}`} className="font-mono text-title font-bold">
            {tag}
          </h2>
          {ops.map((op) => (
            <OperationCard key={op.name} op={op} origin={doc.servers[0]?.url ?? location.origin} />
          ))}
        </section>
      ))}
    </>
  );
}

function OperationCard({ op, origin }: { op: ApiOperation; origin: string }) {
  const t = useT();
  const scope = op.scope === 'session' ? t('apiDocs.sessionScope') : t(`tokens.scope.${op.scope}`);
  return (
    <article
      aria-label={op.name}
      className="flex min-w-0 flex-col gap-3 rounded-card border border-border bg-surface p-4 shadow-card md:p-5"
    >
      <h3 className="flex flex-wrap items-center gap-2 font-mono text-label font-bold">
        <span
          className={`rounded-control px-2 py-0.5 text-white ${op.method === 'get' ? 'bg-accent' : 'bg-primary'}`}
        >
          {op.method.toUpperCase()}
        </span>
        <span className="break-all">{op.path}</span>
      </h3>
      <p lang="en">{op.summary}</p>
      <ul className="flex flex-wrap gap-2 text-caption font-semibold">
        <li className="rounded-full bg-muted px-2.5 py-0.5">{t('apiDocs.scope', { scope })}</li>
        <li className="rounded-full bg-muted px-2.5 py-0.5">{t(`apiDocs.access.${op.access}`)}</li>
      </ul>
      {op.fields.length ? (
        <table className="w-full text-left text-caption sm:text-label">
          <caption className="mb-1 text-left font-semibold">
            {t(op.method === 'get' ? 'apiDocs.parameters' : 'apiDocs.body')}
          </caption>
          <thead className="text-muted-foreground">
            <tr>
              <th scope="col" className="py-1 pr-3 font-semibold">
                {t('apiDocs.field')}
              </th>
              <th scope="col" className="py-1 pr-3 font-semibold">
                {t('apiDocs.type')}
              </th>
              <th scope="col" className="py-1 font-semibold">
                {t('apiDocs.required')}
              </th>
            </tr>
          </thead>
          <tbody>
            {op.fields.map((field) => (
              <tr key={field.name} className="border-t border-border align-top">
                <td className="py-1 pr-3 font-mono break-words">{field.name}</td>
                <td className="py-1 pr-3 font-mono wrap-anywhere">{typeLabel(field.schema)}</td>
                <td className="py-1">{t(field.required ? 'apiDocs.yes' : 'apiDocs.no')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-label text-muted-foreground">{t('apiDocs.noInput')}</p>
      )}
      <details>
        <summary className="cursor-pointer font-semibold">{t('apiDocs.example')}</summary>
        {/* Focusable: a keyboard scrolls it sideways on narrow screens. */}
        <pre tabIndex={0} className="mt-2 overflow-x-auto rounded-control bg-muted p-3 text-caption">
          <code>{curlExample(op, origin)}</code>
        </pre>
      </details>
    </article>
  );
}
