import type { AuditRecorder } from '../../engine/audit-recorder.js';
import type { Context } from '../../engine/context.js';
import type { LoadedFlow } from './flows.types.js';
import { maskSecrets, secretsOf } from './mask-secrets.js';
import type { FlowRun } from './run-flow.js';

/**
 * Records a run as Directus does: with the flow's `accountability` `activity` or `all`, an activity row (action
 * `run`, collection `service_flows`, item the flow's id, user the trigger's); with `all` also a revision whose
 * `data` holds the steps and the data chain (without `$env`). Written in `ctx`: a filter flow's record commits
 * or rolls back with the write it filtered. Concealed values of an event's payload, and the values of the run's
 * secret options (a json-web-token `secret`), are masked wherever they appear.
 */
export async function recordRun(
  ctx: Context,
  audit: AuditRecorder,
  flow: LoadedFlow,
  run: FlowRun,
  runSecrets: Set<string>,
): Promise<void> {
  if (flow.accountability === null) return;
  const activity = await audit.recordEvent(ctx, { action: 'run', collection: 'service_flows', item: flow.id });
  if (flow.accountability !== 'all') return;
  const { $env: _env, ...data } = run.data;
  const secrets = new Set([...secretsOf(ctx, run.data.$trigger), ...runSecrets]);
  const recorded = maskSecrets({ steps: run.steps, data }, secrets);
  await ctx.db('service_revisions').insert({
    activity,
    collection: 'service_flows',
    item: flow.id,
    data: ctx.dialect.toDatabase('json', recorded),
    delta: null,
    parent: null,
  });
}
