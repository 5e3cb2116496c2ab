import { msg, t } from '../i18n/t.js';
/**
 * The "Why?" view's trace: the explain answer of `GET /permissions/me/<collection>[/<id>]?explain=true&user=<id>`
 * turned into sentences a person reads (pure, unit-tested).
 */

export type ExplainedPolicy = {
  id: string;
  name: string;
  attached_to: { role: string } | { user: string } | 'public';
  applied: boolean;
  reason: 'applies' | 'ip_outside_list';
  admin_access: boolean;
  app_access: boolean;
};

export type ExplainedRule = {
  id: number | null;
  policy: string | null;
  policy_name: string;
  system: boolean;
  applied: boolean;
  filter?: Record<string, unknown> | null;
  filter_matches: boolean | null;
  fields: string[] | null;
  grants: boolean;
  reason: 'no_filter' | 'filter_matched' | 'filter_not_matched' | 'not_item_level' | 'policy_ip_outside_list';
};

export type ExplainedField = { allowed: boolean; reason: string; rules: (number | null)[] };

export type ExplainedAction = {
  allowed: boolean;
  reason: 'admin' | 'no_rule' | 'rule_matched' | 'no_rule_matched' | 'granted';
  rules: ExplainedRule[];
  fields?: Record<string, ExplainedField>;
};

export type Explanation = {
  user: string | null;
  admin: boolean;
  collection: string;
  item: string | null;
  item_exists?: boolean;
  user_status?: string;
  policies: ExplainedPolicy[];
  actions: Record<string, ExplainedAction>;
};

export type RuleLine = { id: number | null; policy: string; text: string; grants: boolean; filter: string | null };
export type Trace = {
  verdict: string;
  allowed: boolean;
  policies: string[];
  rules: RuleLine[];
  allowedFields: string[];
  deniedFields: { field: string; why: string }[];
};

const ACTION_WORDS: Record<string, string> = {
  create: msg('create'),
  read: msg('read'),
  update: msg('update'),
  delete: msg('delete'),
  share: msg('share'),
};

/** The sentence for the answer to "may they do it?". */
function verdictOf(action: string, explained: ExplainedAction, item: string | null): string {
  const what = item === null ? t('items of this collection') : t('item {key}', { key: item });
  const word = ACTION_WORDS[action];
  const verb = word ? t(word) : action;
  switch (explained.reason) {
    case 'admin':
      return t('Allowed: a policy with administrator access lets them {verb} anything.', { verb });
    case 'no_rule':
      return action === 'update'
        ? t('Denied: no policy of theirs has an {verb} rule for this collection.', { verb })
        : t('Denied: no policy of theirs has a {verb} rule for this collection.', { verb });
    case 'no_rule_matched':
      return t('Denied: they have {verb} rules here, but none of their row filters matches {what}.', { verb, what });
    case 'rule_matched':
      return t("Allowed: a {verb} rule's row filter matches {what}.", { verb, what });
    case 'granted':
      return item === null || action === 'create'
        ? t('Allowed: a {verb} rule applies (its row filter, if any, limits which items).', { verb })
        : t('Allowed to {verb} {what}.', { verb, what });
  }
}

function ruleText(rule: ExplainedRule): string {
  const name = rule.id === null ? t('The built-in app-access rule') : t('Rule {id}', { id: rule.id });
  switch (rule.reason) {
    case 'no_filter':
      return t('{name} has no row filter: it grants every item.', { name });
    case 'filter_matched':
      return t('{name}: its row filter matches the item, so it grants it.', { name });
    case 'filter_not_matched':
      return t('{name}: its row filter does not match the item, so it grants nothing here.', { name });
    case 'not_item_level':
      return rule.filter && Object.keys(rule.filter).length > 0
        ? t('{name} applies, limited by its row filter.', { name })
        : t('{name} applies.', { name });
    case 'policy_ip_outside_list':
      return t('{name} does not count: its policy is limited to other IP addresses.', { name });
  }
}

const FIELD_WHY: Record<string, string> = {
  not_listed: msg('no rule lists it'),
  filter_not_matched: msg('the rules listing it do not match the item'),
  policy_ip_outside_list: msg('only a policy limited to other IP addresses lists it'),
};

/** Why a field is not allowed, in the current language (the server's code when unknown). */
function fieldWhy(reason: string): string {
  const why = FIELD_WHY[reason];
  return why ? t(why) : reason;
}

function policyText(policy: ExplainedPolicy): string {
  const via = policy.attached_to === 'public' ? t('the public') : 'role' in policy.attached_to ? t('their role') : t('the user directly');
  const flags = [policy.admin_access ? t('administrator access') : null, policy.app_access ? t('app access') : null]
    .filter(Boolean)
    .join(', ');
  const state = policy.applied
    ? t('applies')
    : policy.reason === 'ip_outside_list'
      ? t('does not apply (IP address not in its list)')
      : t('does not apply');
  return flags
    ? t('{name} (through {via}; {flags}) {state}', { name: policy.name, via, flags, state })
    : t('{name} (through {via}) {state}', { name: policy.name, via, state });
}

/** The trace of one action of an explanation. */
export function traceOf(explanation: Explanation, action: string): Trace {
  const explained = explanation.actions[action];
  if (!explained)
    return {
      verdict: t('The server gave no answer for {action}.', { action }),
      allowed: false,
      policies: [],
      rules: [],
      allowedFields: [],
      deniedFields: [],
    };
  const fields = Object.entries(explained.fields ?? {});
  return {
    verdict: verdictOf(action, explained, explanation.item),
    allowed: explained.allowed,
    policies: explanation.policies.map(policyText),
    rules: explained.rules.map((rule) => ({
      id: rule.id,
      policy: rule.policy_name,
      text: ruleText(rule),
      grants: rule.grants,
      filter: rule.filter && Object.keys(rule.filter).length > 0 ? JSON.stringify(rule.filter) : null,
    })),
    allowedFields: fields.filter(([, f]) => f.allowed).map(([name]) => name),
    deniedFields: fields.filter(([, f]) => !f.allowed).map(([field, f]) => ({ field, why: fieldWhy(f.reason) })),
  };
}
