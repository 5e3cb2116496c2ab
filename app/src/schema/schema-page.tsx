import { useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import { errorMessage, requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { buildDiffTree, countDiff, describeCounts } from './diff-tree.js';
import { DiffTreeView } from './diff-tree-view.js';
import {
  applyDiff,
  diffSnapshot,
  isSourceMismatch,
  isStaleHash,
  planApply,
  snapshotUrl,
  type ApplyReport,
  type DiffAnswer,
} from './schema-api.js';
import { t } from '../i18n/t.js';

type State =
  | { step: 'idle' }
  | { step: 'mismatch'; message: string }
  | { step: 'same' }
  | { step: 'diff'; diff: DiffAnswer; plan: ApplyReport | null; planError: string | null }
  | { step: 'applied' };

/** Download the snapshot; upload one, read the diff and the SQL it would run, then apply it (hash-guarded). */
export function SchemaPage() {
  const { client } = useSession();
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<State>({ step: 'idle' });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const compare = async (force: boolean) => {
    setFailure(null);
    if (!file) {
      setFailure(t('Choose a snapshot file first.'));
      return;
    }
    setBusy(true);
    try {
      const diff = await diffSnapshot(client, file, file.name, force);
      if (!diff) {
        setState({ step: 'same' });
        return;
      }
      setState({ step: 'diff', diff, plan: null, planError: null });
      try {
        setState({ step: 'diff', diff, plan: await planApply(client, diff), planError: null });
      } catch (error) {
        setState({ step: 'diff', diff, plan: null, planError: errorMessage(error) ?? requestMessage(error) });
      }
    } catch (error) {
      if (!force && isSourceMismatch(error)) setState({ step: 'mismatch', message: errorMessage(error) ?? '' });
      else {
        setState({ step: 'idle' });
        setFailure(errorMessage(error) ?? requestMessage(error));
      }
    } finally {
      setBusy(false);
    }
  };

  const apply = async (diff: DiffAnswer) => {
    setFailure(null);
    setBusy(true);
    try {
      await applyDiff(client, diff);
      setState({ step: 'applied' });
    } catch (error) {
      const message = errorMessage(error) ?? requestMessage(error);
      setFailure(
        isStaleHash(error) ? t('{message} The schema changed since this comparison: compare the snapshot again.', { message }) : message,
      );
    } finally {
      setBusy(false);
    }
  };

  const tree = state.step === 'diff' ? buildDiffTree(state.diff.diff) : [];
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{t('Schema as code')}</h1>
      <h2>{t('Download the snapshot')}</h2>
      <p>
        {t('The collections, fields and relations of this instance:')}{' '}
        <a href={snapshotUrl('json')} download="snapshot.json">
          {t('Download snapshot as JSON')}
        </a>{' '}
        ·{' '}
        <a href={snapshotUrl('yaml')} download="snapshot.yaml">
          {t('Download snapshot as YAML')}
        </a>
      </p>
      <h2 id="compare-title">{t('Compare a snapshot')}</h2>
      <form
        aria-labelledby="compare-title"
        onSubmit={(event) => {
          event.preventDefault();
          void compare(false);
        }}
      >
        <div class="field">
          <label for="snapshot-file">{t('Snapshot file (JSON or YAML)')}</label>
          <input
            id="snapshot-file"
            type="file"
            accept=".json,.yaml,.yml,application/json,application/yaml"
            onChange={(e) => {
              setFile(e.currentTarget.files?.[0] ?? null);
              setState({ step: 'idle' });
              setFailure(null);
            }}
          />
        </div>
        <button type="submit" class="primary" disabled={busy}>
          {t('Compare with this instance')}
        </button>
      </form>
      {failure && (
        <p class="error" role="alert">
          {failure}
        </p>
      )}
      {state.step === 'mismatch' && (
        <div class="notice spaced" role="alertdialog" aria-labelledby="mismatch-title" aria-describedby="mismatch-text">
          <p id="mismatch-title">
            <strong>{t('This snapshot was made on another database vendor or server version.')}</strong>
          </p>
          <p id="mismatch-text">
            {state.message} Column types are translated to this database; review the differences carefully before applying.
          </p>
          <div class="actions">
            <button type="button" disabled={busy} onClick={() => void compare(true)}>
              {t('Compare anyway')}
            </button>
            <button type="button" onClick={() => setState({ step: 'idle' })}>
              {t('Cancel')}
            </button>
          </div>
        </div>
      )}
      {state.step === 'same' && <p role="status">{t('The snapshot matches this instance: there is nothing to apply.')}</p>}
      {state.step === 'applied' && (
        <p role="status">
          {t('Applied: the schema now matches the snapshot.')} <Link href="/data-model">{t('Open the data model')}</Link>
        </p>
      )}
      {state.step === 'diff' && (
        <>
          <h2>{t('Differences')}</h2>
          <p role="status">{describeCounts(countDiff(tree))}.</p>
          {state.diff.warnings && state.diff.warnings.length > 0 && (
            <div class="notice">
              <p>{t('Ignored by this server:')}</p>
              <ul>
                {state.diff.warnings.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            </div>
          )}
          <DiffTreeView tree={tree} />
          <h2>{t('SQL plan (dry run)')}</h2>
          {state.planError && (
            <p class="error" role="alert">
              {state.planError}
            </p>
          )}
          {!state.plan && !state.planError && <p aria-live="polite">{t('Working out the statements…')}</p>}
          {state.plan && (
            <>
              {state.plan.note && <p class="help">{state.plan.note}</p>}
              <ol class="plan" aria-label={t('Steps')}>
                {state.plan.steps.map((step, i) => (
                  <li key={i}>
                    {step.action} {step.kind} <strong>{step.field ? `${step.collection}.${step.field}` : step.collection}</strong>
                    {step.destructive && <span class="error"> (can lose data)</span>}
                    {step.sql && step.sql.length > 0 && (
                      <details>
                        <summary>
                          SQL ({step.sql.length} statement{step.sql.length === 1 ? '' : 's'})
                        </summary>
                        <pre>{step.sql.map((s) => `${s.sql};`).join('\n')}</pre>
                      </details>
                    )}
                  </li>
                ))}
              </ol>
            </>
          )}
          <div class="actions">
            <button type="button" class="primary" disabled={busy} onClick={() => void apply(state.diff)}>
              {t('Apply changes')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
