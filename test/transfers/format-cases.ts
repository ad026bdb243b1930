// Each source format's fixture, as the import tests use it: the files and flags to import, the
// report they give, and the users whose original passwords and Google identity must sign in.
import { join } from 'node:path';

export const fixture = (name: string) => join(import.meta.dir, 'fixtures', name);
/** The Firebase project's password hash parameters the fixture's hashes were made with. */
export const firebaseFlags = [
  '--firebase-signer-key',
  'jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==',
  '--firebase-salt-separator',
  'Bw==',
  '--firebase-rounds',
  '8',
  '--firebase-mem-cost',
  '14',
];

export interface FormatCase {
  format: string;
  files: string[];
  flags?: string[];
  imported: number;
  refusedLines: number[];
  passwords: [email: string, password: string][];
  google: { sub: string; email: string };
}

/** Per format: its fixture files, what importing them gives, its password users and its Google identity. */
export const formatCases: FormatCase[] = [
  {
    format: 'auth0',
    files: ['auth0-users.ndjson'],
    imported: 4,
    refusedLines: [5],
    passwords: [
      ['ada.bcrypt@auth0.example.com', 'bcrypt-pass-1'],
      ['grace.pbkdf2@auth0.example.com', 'auth0-pbkdf2-pass'],
      ['alan.argon2@auth0.example.com', 'argon2id-pass-1'],
    ],
    google: { sub: '108234567890123456789', email: 'katherine.google@auth0.example.com' },
  },
  {
    format: 'supabase',
    files: ['supabase-users.jsonl'],
    imported: 3,
    refusedLines: [],
    passwords: [['linus.bcrypt@supabase.example.com', 'bcrypt-pass-1']],
    google: { sub: '117000000000000000001', email: 'margaret.google@supabase.example.com' },
  },
  {
    format: 'clerk',
    files: ['clerk-users.csv', 'clerk-users.jsonl'],
    imported: 6,
    refusedLines: [7],
    passwords: [
      ['edsger.bcrypt@clerk.example.com', 'bcrypt-pass-1'],
      ['barbara.argon2i@clerk.example.com', 'argon2i-pass-1'],
      ['donald.argon2id@clerk.example.com', 'argon2id-pass-1'],
      ['frances.django@clerk.example.com', 'django-pass-1'],
      ['tony.firebase@clerk.example.com', 'user1password'],
    ],
    google: { sub: '113000000000000000042', email: 'radia.google@clerk.example.com' },
  },
  {
    format: 'firebase',
    files: ['firebase-users.json'],
    flags: firebaseFlags,
    imported: 2,
    refusedLines: [28],
    passwords: [['user1@firebase.example.com', 'user1password']],
    google: { sub: '104000000000000000777', email: 'hedy.google@firebase.example.com' },
  },
  {
    format: 'stack',
    files: ['stack-users.jsonl'],
    imported: 2,
    refusedLines: [],
    passwords: [['john.argon2d@stack.example.com', 'argon2d-pass-1']],
    google: { sub: '109000000000000000555', email: 'mary.google@stack.example.com' },
  },
  {
    format: 'jsonl',
    files: ['authd-users.jsonl'],
    imported: 3,
    refusedLines: [],
    passwords: [
      ['claude.scrypt@authd.example.com', 'scrypt-pass-1'],
      ['john.keycloak@authd.example.com', 'keycloak-pass-1'],
      ['ken.django@authd.example.com', 'django-pass-1'],
    ],
    google: { sub: '101000000000000000999', email: 'ken.django@authd.example.com' },
  },
];
