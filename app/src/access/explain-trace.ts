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

const ACTION_WORDS: Record<string, string> = { create: 'create', read: 'read', update: 'update', delete: 'delete', share: 'share' };

/** The sentence for the answer to "may they do it?". */
function verdictOf(action: string, explained: ExplainedAction, item: string | null): string {
  const what = item === null ? 'items of this collection' : `item ${item}`;
  const verb = ACTION_WORDS[action] ?? action;
  switch (explained.reason) {
    case 'admin':
      return `Allowed: a policy with administrator access lets them ${verb} anything.`;
    case 'no_rule':
      return `Denied: no policy of theirs has ${verb === 'update' ? 'an' : 'a'} ${verb} rule for this collection.`;
    case 'no_rule_matched':
      return `Denied: they have ${verb} rules here, but none of their row filters matches ${what}.`;
    case 'rule_matched':
      return `Allowed: a ${verb} rule's row filter matches ${what}.`;
    case 'granted':
      return item === null || action === 'create'
        ? `Allowed: a ${verb} rule applies (its row filter, if any, limits which items).`
        : `Allowed to ${verb} ${what}.`;
  }
}

function ruleText(rule: ExplainedRule): string {
  const name = rule.id === null ? 'The built-in app-access rule' : `Rule ${rule.id}`;
  switch (rule.reason) {
    case 'no_filter':
      return `${name} has no row filter: it grants every item.`;
    case 'filter_matched':
      return `${name}: its row filter matches the item, so it grants it.`;
    case 'filter_not_matched':
      return `${name}: its row filter does not match the item, so it grants nothing here.`;
    case 'not_item_level':
      return `${name} applies${rule.filter && Object.keys(rule.filter).length > 0 ? ', limited by its row filter' : ''}.`;
    case 'policy_ip_outside_list':
      return `${name} does not count: its policy is limited to other IP addresses.`;
  }
}

const FIELD_WHY: Record<string, string> = {
  not_listed: 'no rule lists it',
  filter_not_matched: 'the rules listing it do not match the item',
  policy_ip_outside_list: 'only a policy limited to other IP addresses lists it',
};

function policyText(policy: ExplainedPolicy): string {
  const via = policy.attached_to === 'public' ? 'the public' : 'role' in policy.attached_to ? 'their role' : 'the user directly';
  const flags = [policy.admin_access ? 'administrator access' : null, policy.app_access ? 'app access' : null].filter(Boolean).join(', ');
  const state = policy.applied
    ? 'applies'
    : policy.reason === 'ip_outside_list'
      ? 'does not apply (IP address not in its list)'
      : 'does not apply';
  return `${policy.name} (through ${via}${flags ? `; ${flags}` : ''}) ${state}`;
}

/** The trace of one action of an explanation. */
export function traceOf(explanation: Explanation, action: string): Trace {
  const explained = explanation.actions[action];
  if (!explained)
    return {
      verdict: `The server gave no answer for ${action}.`,
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
    deniedFields: fields.filter(([, f]) => !f.allowed).map(([field, f]) => ({ field, why: FIELD_WHY[f.reason] ?? f.reason })),
  };
}
