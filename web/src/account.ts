// Accounts (docs/accounts.md): the header's "Sign in" or "NAME · Log out", the sign-up and
// log-in forms (/signup, /login) and the account page (/account: a new password, deleting
// the account). The session is an HttpOnly cookie the page never sees; what the page keeps
// is the session's CSRF token, sent back in X-CSRF-Token with every change.
import { clear, h } from './dom';
import { serverError, type ServerErrorBody } from './errors';
import { formatDate, t } from './i18n';

export interface Account {
  name: string;
  created_ms: number;
  csrf: string;
}

let current: Account | null = null;

async function send(method: string, url: string, body?: unknown): Promise<{ status: number; data: Record<string, unknown> }> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  // Without a session any value will do: the header's presence is what another site's page
  // cannot forge (docs/accounts.md).
  if (method !== 'GET') headers['x-csrf-token'] = current?.csrf ?? 'new';
  const res = await fetch(url, { method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body) });
  const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: res.status, data };
}

// A refusal in the reader's language (errors.ts).
function message(data: Record<string, unknown>, status: number): string {
  return serverError(data.error as ServerErrorBody | undefined, status);
}

// The account of this browser, or null; fetched once per page load.
export async function loadAccount(): Promise<Account | null> {
  const { status, data } = await send('GET', '/api/account').catch(() => ({ status: 0, data: {} }));
  current = status === 200 ? (data as unknown as Account) : null;
  return current;
}

export function currentAccount(): Account | null {
  return current;
}

// The header's corner: who is logged in, or the way to sign in.
export function renderAccountCorner(corner: HTMLElement): void {
  clear(corner);
  if (!current) {
    corner.append(h('a#signin-link', { href: '/login' }, t('account.signIn')));
    return;
  }
  const logout = h('button#logout.link', { type: 'button' }, t('account.logOut'));
  logout.addEventListener('click', () => {
    void send('POST', '/api/account/logout', {}).then(() => {
      current = null;
      location.assign('/');
    });
  });
  corner.append(h('a#account-name', { href: '/account' }, current.name), ' · ', logout);
}

function field(id: string, label: string, type: string, autocomplete: string): [HTMLLabelElement, HTMLInputElement] {
  const input = h('input', { id, type, required: true, autocomplete });
  return [h('label', { for: id }, label), input];
}

// Where to go after signing in: the page that sent the player here (?next=, a path of this
// site only), else the lobby.
function nextPage(): string {
  const next = new URLSearchParams(location.search).get('next') ?? '/';
  // "//host" and "/\\host" would leave the site.
  return next.startsWith('/') && next[1] !== '/' && next[1] !== '\\' ? next : '/';
}

// /login and /signup: one form, two modes.
export function showSignIn(root: HTMLElement, mode: 'login' | 'signup'): void {
  clear(root);
  const signup = mode === 'signup';
  const [nameLabel, name] = field('account-user', t('account.userName'), 'text', 'username');
  name.maxLength = 20;
  const [passwordLabel, password] = field('account-password', t('account.password'), 'password', signup ? 'new-password' : 'current-password');
  password.maxLength = 128;
  const error = h('p#account-error.message', { role: 'alert' });
  const form = h(
    'form.account-form',
    {},
    h('h2', {}, signup ? t('account.createTitle') : t('account.signIn')),
    nameLabel,
    name,
    h('p.help', {}, signup ? t('account.nameHelp') : ''),
    passwordLabel,
    password,
    h('p.help', {}, signup ? t('account.passwordHelp') : ''),
    error,
    h('button#account-submit.primary', { type: 'submit' }, signup ? t('account.signUp') : t('account.signIn')),
    h('p', {}, signup ? h('a', { href: `/login${location.search}` }, t('account.haveAccount')) : h('a#signup-link', { href: `/signup${location.search}` }, t('account.createLink'))),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    error.textContent = '';
    void send('POST', `/api/account/${mode}`, { name: name.value.trim(), password: password.value }).then(({ status, data }) => {
      if (status === 200 || status === 201) {
        current = data as unknown as Account;
        location.assign(nextPage());
        return;
      }
      const refusal = message(data, status);
      error.textContent = status === 429 ? t('account.tooMany', { message: refusal }) : refusal;
    });
  });
  root.append(form);
  name.focus();
}

// /account: a new password; deleting the account.
export function showAccountPage(root: HTMLElement): void {
  clear(root);
  if (!current) {
    showSignIn(root, 'login');
    return;
  }
  const account = current;
  const [currentLabel, currentPw] = field('password-current', t('account.currentPassword'), 'password', 'current-password');
  const [nextLabel, nextPw] = field('password-next', t('account.newPassword'), 'password', 'new-password');
  const changed = h('p#password-message.message', { role: 'status' });
  const change = h(
    'form#password-form.account-form',
    {},
    h('h2', {}, t('account.changeTitle')),
    currentLabel,
    currentPw,
    nextLabel,
    nextPw,
    changed,
    h('button.primary', { type: 'submit' }, t('account.changeTitle')),
  );
  change.addEventListener('submit', (e) => {
    e.preventDefault();
    void send('POST', '/api/account/password', { current: currentPw.value, next: nextPw.value }).then(({ status, data }) => {
      changed.textContent = status === 200 ? t('account.changed') : message(data, status);
      if (status === 200) {
        currentPw.value = '';
        nextPw.value = '';
      }
    });
  });
  const [confirmLabel, confirmPw] = field('delete-password', t('account.password'), 'password', 'current-password');
  const deleted = h('p#delete-message.message', { role: 'alert' });
  const remove = h(
    'form#delete-form.account-form',
    {},
    h('h2', {}, t('account.deleteTitle')),
    h('p', {}, t('account.deleteWhy')),
    confirmLabel,
    confirmPw,
    deleted,
    h('button.danger', { type: 'submit' }, t('account.delete')),
  );
  remove.addEventListener('submit', (e) => {
    e.preventDefault();
    void send('POST', '/api/account/delete', { password: confirmPw.value }).then(({ status, data }) => {
      if (status === 200) {
        current = null;
        location.assign('/');
        return;
      }
      deleted.textContent = message(data, status);
    });
  });
  root.append(
    h('h1', {}, account.name),
    h('p', {}, `${t('account.memberSince', { date: formatDate(account.created_ms) })} · `, h('a#profile-link', { href: `/@/${account.name}` }, t('account.publicPage'))),
    change,
    remove,
  );
}
