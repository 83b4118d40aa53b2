// The catalogue many-tools/server.ts is made from: ten toolsets of a code host's API, eight kinds of
// thing in each, four verbs for each kind: 320 tools, each a few lines of data.

export interface Kind {
  /** snake_case, singular: `pull_request`. */
  readonly name: string;
  /** How a person says it, singular and plural: `pull request`, `pull requests`. */
  readonly one: string;
  readonly many: string;
  /** Where it lives: `a repository`, `an organization`, `your account`. */
  readonly in: string;
  /** Words a search should find it by, besides its name (a tool's searchHint). */
  readonly hint?: string;
}

const kind = (name: string, where: string, hint?: string, many?: string): Kind => {
  const one = name.replaceAll('_', ' ');
  return { name, one, many: many ?? `${one}s`, in: where, ...(hint === undefined ? {} : { hint }) };
};
const REPO = 'a repository';
const ORG = 'an organization';
const YOU = 'your account';

export const TOOLSETS: Readonly<Record<string, { readonly description: string; readonly kinds: readonly Kind[] }>> = {
  issues: {
    description: 'Issues and what hangs off them: comments, labels, milestones',
    kinds: [
      kind('issue', REPO, 'bug ticket'),
      kind('issue_comment', REPO, 'reply'),
      kind('label', REPO, 'tag category'),
      kind('milestone', REPO, 'deadline'),
      kind('assignee', REPO, 'owner responsible'),
      kind('issue_template', REPO, 'form'),
      kind('reaction', REPO, 'emoji'),
      kind('issue_event', REPO, 'history timeline'),
    ],
  },
  pulls: {
    description: 'Pull requests, their reviews and their checks',
    kinds: [
      kind('pull_request', REPO, 'PR change'),
      kind('review', REPO, 'approve'),
      kind('review_comment', REPO, 'inline diff note'),
      kind('requested_reviewer', REPO),
      kind('merge_queue_entry', REPO, 'merge', 'merge queue entries'),
      kind('pull_file', REPO, 'diff changed'),
      kind('pull_commit', REPO),
      kind('check_suite', REPO, 'CI status'),
    ],
  },
  repos: {
    description: 'Repositories, their branches, files, commits and releases',
    kinds: [
      kind('repository', ORG, 'repo project', 'repositories'),
      kind('branch', REPO, undefined, 'branches'),
      kind('tag', REPO, 'version'),
      kind('file', REPO, 'source code contents download'),
      kind('commit', REPO, 'history sha'),
      kind('release', REPO, 'version publish'),
      kind('webhook', REPO, 'hook callback'),
      kind('deploy_key', REPO, 'ssh'),
    ],
  },
  actions: {
    description: 'CI workflows, their runs, jobs and artifacts',
    kinds: [
      kind('workflow', REPO, 'CI pipeline'),
      kind('workflow_run', REPO, 'CI build'),
      kind('job', REPO, 'CI step log'),
      kind('artifact', REPO, 'build output'),
      kind('runner', ORG, 'machine'),
      kind('secret', REPO, 'password token credential'),
      kind('variable', REPO, 'environment setting'),
      kind('cache_entry', REPO, undefined, 'cache entries'),
    ],
  },
  users: {
    description: 'People: profiles, keys, followers',
    kinds: [
      kind('user', YOU, 'person profile'),
      kind('follower', YOU),
      kind('ssh_key', YOU),
      kind('gpg_key', YOU, 'signing'),
      kind('email', YOU, 'address', 'emails'),
      kind('social_account', YOU),
      kind('block', YOU, 'ban'),
      kind('starred_repo', YOU, 'star favourite'),
    ],
  },
  orgs: {
    description: 'Organizations, teams and their members',
    kinds: [
      kind('organization', YOU, 'company'),
      kind('team', ORG, 'group'),
      kind('member', ORG, 'people'),
      kind('invitation', ORG, 'invite'),
      kind('outside_collaborator', ORG),
      kind('org_role', ORG, 'permission'),
      kind('custom_property', ORG, undefined, 'custom properties'),
      kind('audit_log_entry', ORG, 'security history', 'audit log entries'),
    ],
  },
  projects: {
    description: 'Project boards, their items, fields and views',
    kinds: [
      kind('project', ORG, 'board planning'),
      kind('project_item', ORG, 'card task'),
      kind('project_field', ORG),
      kind('project_view', ORG, 'layout'),
      kind('project_column', ORG),
      kind('card', ORG, 'note'),
      kind('status_update', ORG, 'progress report'),
      kind('iteration', ORG, 'sprint'),
    ],
  },
  security: {
    description: 'Alerts, advisories and the rules that keep code safe',
    kinds: [
      kind('code_scanning_alert', REPO, 'vulnerability static analysis'),
      kind('secret_scanning_alert', REPO, 'leaked credential'),
      kind('dependabot_alert', REPO, 'dependency vulnerable package'),
      kind('advisory', REPO, 'CVE', 'advisories'),
      kind('security_policy', REPO, undefined, 'security policies'),
      kind('sbom', REPO, 'dependencies software bill of materials'),
      kind('ruleset', REPO, 'branch protection'),
      kind('vulnerability_report', REPO),
    ],
  },
  discussions: {
    description: 'Discussions, gists and wiki pages',
    kinds: [
      kind('discussion', REPO, 'forum question'),
      kind('discussion_comment', REPO, 'answer'),
      kind('discussion_category', REPO, undefined, 'discussion categories'),
      kind('poll', REPO, 'vote'),
      kind('gist', YOU, 'snippet paste'),
      kind('gist_comment', YOU),
      kind('wiki_page', REPO, 'documentation'),
      kind('announcement', ORG, 'news banner'),
    ],
  },
  notifications: {
    description: 'Notifications, subscriptions and reminders',
    kinds: [
      kind('notification', YOU, 'alert inbox unread'),
      kind('thread', YOU),
      kind('subscription', YOU, 'follow'),
      kind('watch', YOU, undefined, 'watches'),
      kind('digest', YOU, 'summary email'),
      kind('mention', YOU, '@'),
      kind('reminder', YOU, 'scheduled'),
      kind('inbox_filter', YOU, 'rule'),
    ],
  },
};

export const VERBS = ['list', 'get', 'create', 'delete'] as const;
export type Verb = (typeof VERBS)[number];
