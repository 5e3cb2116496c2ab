import { useEffect, useRef, useState } from 'preact/hooks';
import { requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { errorsByField } from '../content/form-fields.js';
import {
  buildChain,
  FieldProblem,
  newOperationKey,
  OPERATION_TYPES,
  operationTypeLabel,
  optionsText,
  parseOptions,
  type ChainNode,
  type Flow,
  type Operation,
  type Slot,
} from './flow-model.js';
import { addOperation, removeOperation, saveOperation } from './flows-api.js';
import { t } from '../i18n/t.js';

type Editing = { mode: 'new'; slot: Slot; label: string } | { mode: 'edit'; operation: Operation };

/**
 * The flow's operations as a vertical chain read from the first one: each operation with its type and options,
 * then what runs when it succeeds (resolve) and when it fails (reject), indented beneath it. Every action is a
 * text button, and the editor opens below the chain with the focus in it (Escape closes it).
 */
export function OperationChain({ flow, operations, changed }: { flow: Flow; operations: Operation[]; changed: () => void }) {
  const { client } = useSession();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { root, unconnected } = buildChain(flow.operation, operations);

  const remove = (operation: Operation) => {
    if (!window.confirm(t('Delete the operation {key}? What follows it stays, unconnected.', { key: operation.key }))) return;
    setError(null);
    removeOperation(client, flow, operation, operations).then(changed, (failure: unknown) => setError(requestMessage(failure)));
  };

  const step = (node: ChainNode) => {
    const { operation } = node;
    const path = (kind: 'resolve' | 'reject', child: ChainNode | null) => {
      return (
        <div class={`chain-path ${kind}`}>
          <h4>
            {kind === 'resolve' ? t('On success of {key}', { key: operation.key }) : t('On failure of {key}', { key: operation.key })}
          </h4>
          {child ? (
            <ol class="chain">{step(child)}</ol>
          ) : (
            <button
              type="button"
              class="small"
              onClick={() =>
                setEditing({
                  mode: 'new',
                  slot: { kind, parent: operation.id },
                  label:
                    kind === 'resolve'
                      ? t('on success of {key}', { key: operation.key })
                      : t('on failure of {key}', { key: operation.key }),
                })
              }
            >
              {kind === 'resolve'
                ? t('Add operation on success of {key}', { key: operation.key })
                : t('Add operation on failure of {key}', { key: operation.key })}
            </button>
          )}
        </div>
      );
    };
    return (
      <li class="chain-step" key={operation.id}>
        <div class="chain-card">
          <h3>
            {operation.name || operation.key} <span class="tag">{operationTypeLabel(operation.type)}</span>
          </h3>
          <p class="help">{t('Key: {key}', { key: operation.key })}</p>
          <pre class="options">{optionsText(operation.options)}</pre>
          <div class="actions">
            <button type="button" class="small" onClick={() => setEditing({ mode: 'edit', operation })}>
              {t('Edit {key}', { key: operation.key })}
            </button>
            <button type="button" class="small danger" onClick={() => remove(operation)}>
              {t('Delete {key}', { key: operation.key })}
            </button>
          </div>
        </div>
        {path('resolve', node.resolve)}
        {path('reject', node.reject)}
      </li>
    );
  };

  return (
    <section aria-labelledby="chain-title">
      <h2 id="chain-title">{t('Operations')}</h2>
      <p class="help">{t('The trigger runs the first operation; each then continues on success or on failure.')}</p>
      {root ? (
        <ol class="chain">{step(root)}</ol>
      ) : (
        <button type="button" onClick={() => setEditing({ mode: 'new', slot: { kind: 'first' }, label: t('first operation') })}>
          {t('Add first operation')}
        </button>
      )}
      {unconnected.length > 0 && (
        <>
          <h3>{t('Not connected')}</h3>
          <ul class="chain-loose">
            {unconnected.map((operation) => (
              <li key={operation.id}>
                {operation.name || operation.key} ({operationTypeLabel(operation.type)}){' '}
                <button type="button" class="small" onClick={() => setEditing({ mode: 'edit', operation })}>
                  {t('Edit {key}', { key: operation.key })}
                </button>{' '}
                <button type="button" class="small danger" onClick={() => remove(operation)}>
                  {t('Delete {key}', { key: operation.key })}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {editing && (
        <OperationEditor
          key={editing.mode === 'edit' ? editing.operation.id : `new-${JSON.stringify(editing.slot)}`}
          flow={flow}
          operations={operations}
          editing={editing}
          close={() => setEditing(null)}
          saved={() => {
            setEditing(null);
            changed();
          }}
        />
      )}
    </section>
  );
}

function OperationEditor(props: { flow: Flow; operations: Operation[]; editing: Editing; close: () => void; saved: () => void }) {
  const { flow, operations, editing, close, saved } = props;
  const { client } = useSession();
  const existing = editing.mode === 'edit' ? editing.operation : null;
  const [type, setType] = useState(existing?.type ?? 'log');
  const [name, setName] = useState(existing?.name ?? '');
  const [key, setKey] = useState(existing?.key ?? newOperationKey('log', operations));
  const [keyEdited, setKeyEdited] = useState(existing !== null);
  const [options, setOptions] = useState(optionsText(existing?.options ?? { message: '' }));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  const submit = async (event: Event) => {
    event.preventDefault();
    setError(null);
    let parsed: Record<string, unknown>;
    try {
      parsed = parseOptions(options);
    } catch (problem) {
      if (problem instanceof FieldProblem) return setProblems({ options: problem.message });
      throw problem;
    }
    setProblems({});
    const values = { key: key.trim(), name: name.trim() || null, type, options: parsed };
    try {
      if (existing) await saveOperation(client, existing.id, values);
      else await addOperation(client, flow.id, (editing as { slot: Slot }).slot, values, { x: 1, y: operations.length + 1 });
      saved();
    } catch (failure) {
      const { fields, general } = errorsByField(failure);
      setProblems(fields);
      setError(general.join(' ') || (Object.keys(fields).length > 0 ? t('Some fields need attention.') : requestMessage(failure)));
    }
  };
  const invalid = (field: string) => (problems[field] ? { 'aria-invalid': true, 'aria-describedby': `operation-${field}-error` } : {});
  const problem = (field: string) =>
    problems[field] && (
      <p id={`operation-${field}-error`} class="error">
        {problems[field]}
      </p>
    );

  return (
    <form
      class="item-form operation-editor"
      aria-labelledby="operation-editor-title"
      onSubmit={(e) => void submit(e)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') close();
      }}
      noValidate
    >
      <h3 id="operation-editor-title">
        {existing
          ? t('Edit operation {key}', { key: existing.key })
          : t('New operation: {place}', { place: editing.mode === 'new' ? editing.label : '' })}
      </h3>
      <div class="field">
        <label for="operation-name">{t('Operation name')}</label>
        <input id="operation-name" ref={first} value={name} onInput={(e) => setName(e.currentTarget.value)} />
      </div>
      <div class="field">
        <label for="operation-type">{t('Operation type')}</label>
        <select
          id="operation-type"
          value={type}
          onChange={(e) => {
            const next = e.currentTarget.value;
            setType(next);
            if (!keyEdited) setKey(newOperationKey(next, operations));
          }}
        >
          {Object.entries(OPERATION_TYPES).map(([value, label]) => (
            <option key={value} value={value}>
              {t(label)}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for="operation-key">{t('Key (its result is {reference} in later options)', { reference: `{{ ${key || 'key'} }}` })}</label>
        <input
          id="operation-key"
          value={key}
          onInput={(e) => {
            setKey(e.currentTarget.value);
            setKeyEdited(true);
          }}
          {...invalid('key')}
        />
        {problem('key')}
      </div>
      <div class="field">
        <label for="operation-options">{t('Options (JSON)')}</label>
        <textarea
          id="operation-options"
          rows={6}
          value={options}
          onInput={(e) => setOptions(e.currentTarget.value)}
          {...invalid('options')}
        />
        {problem('options')}
      </div>
      <div class="actions">
        <button type="submit" class="primary" disabled={key.trim() === ''}>
          {t('Save operation')}
        </button>
        <button type="button" onClick={close}>
          {t('Cancel')}
        </button>
      </div>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
