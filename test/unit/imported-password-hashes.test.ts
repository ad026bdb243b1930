// The imported hash forms verify the password they were made from (vectors from independent
// implementations: Python's hashlib for PBKDF2 and scrypt, Firebase's published scrypt example),
// refuse every other password, and are refused when malformed or too costly to verify.
import { describe, expect, test } from 'bun:test';
import { isSupportedPasswordHash, needsRehash, verifyPassword } from '../../server/core/credentials/password-hashing';

const firebaseExample =
  '$firebase-scrypt$mem=14,rounds=8$Bw==$jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==' +
  '$42xEC+ixf3L2lw==$lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==';

const vectors: [kind: string, password: string, hash: string][] = [
  ['Django PBKDF2-SHA256', 'django-pass-1', 'pbkdf2_sha256$260000$yuSPd2Ub7hL3$MmD3fQAnxbbrT80as5oWGTN32eRIz39+y+nbjuUOcK0='],
  [
    'PBKDF2-SHA256 (Keycloak salt and value)',
    'keycloak-pass-1',
    '$pbkdf2-sha256$i=27500$mh88bgstT4FypcPp17akEA$/YF5sz3qfYrHzqAWhlppS6GGxo088jfMJqWonLeJh1RbP2DCfqBBix7lu4iZm/ehO1psk+GPdJACbWmwdFsixg',
  ],
  [
    'PBKDF2-SHA512',
    'auth0-pbkdf2-pass',
    '$pbkdf2-sha512$i=100000,l=64$3q2+78r+ur4AESIzRFVmdw$w9SROTHmSv9E7PfVQ3RBAs/QWsp2WCtBi3APhjFPHUkBMtEq1pJY+jzJGkbDAVUjk4q/rzS4KxHA0ByvgglyrQ',
  ],
  ['scrypt', 'scrypt-pass-1', '$scrypt$ln=14,r=8,p=1$wP/uABEiM0RVZneImaq7zA$wDD1mcuLmsZrpa8DEWq3EH/wlmSgQaWl1Bw/PhSPwKE'],
  ['Firebase scrypt', 'user1password', firebaseExample],
  ['bcrypt', 'bcrypt-pass-1', '$2b$10$7lDIe8geJtyiIetfnoooC.NmI51n7ab9n1jMH7n2uiqO0OsJJUbke'],
  ['argon2i', 'argon2i-pass-1', '$argon2i$v=19$m=4096,t=2,p=1$8bfiZTguSHu/w16R66s0DI4QL4rcPZT0A92tH/rh2u8$KJTkYVHp4UffjBVG6HBaZbd11Rn/J/i8Kzhhzc3nICY'],
  ['argon2id (other parameters than authd)', 'argon2id-pass-1', '$argon2id$v=19$m=8192,t=3,p=1$73DU8g16F1TPmSkCAqVgxlS6QXe33jyEXqc2uP0HdTQ$oB378xYMUuettffi0jREuwshz0tlr1EfLffpl0IqYa4'],
  ['argon2d', 'argon2d-pass-1', '$argon2d$v=19$m=4096,t=2,p=1$jFPKrieNs6MDOrrdvKlPSCw33s/6ef+AZAJFfvHk5LM$L7mpWEt/lKNl548eaP2ITSoRsljfluSlyMaRV+WMCkE'],
];

describe('imported password hashes', () => {
  for (const [kind, password, hash] of vectors) {
    test(`${kind}: the original password matches, another does not, and it is rehashed after sign-in`, async () => {
      expect(isSupportedPasswordHash(hash)).toBe(true);
      expect(await verifyPassword(password, hash)).toBe(true);
      expect(await verifyPassword(`${password}x`, hash)).toBe(false);
      expect(needsRehash(hash)).toBe(true);
    });
  }

  test('malformed, unknown and too costly hashes are refused', () => {
    for (const hash of [
      'md5$abc$def',
      '$scrypt$ln=14,r=8$c2FsdA$aGFzaA',
      '$scrypt$ln=30,r=8,p=1$wP/uABEiM0RVZneImaq7zA$wDD1mcuLmsZrpa8DEWq3EH/wlmSgQaWl1Bw/PhSPwKE',
      '$pbkdf2-sha256$i=50000000$mh88bgstT4FypcPp17akEA$/YF5sz3qfYrHzqAWhlppS6GGxo088jfMJqWonLeJh1Q',
      '$pbkdf2-sha1$i=1000$c2FsdA$aGFzaGhhc2hoYXNoaGFzaA',
      'pbkdf2_sha256$260000$salt$not base64!',
      '$firebase-scrypt$mem=14$Bw==$c2lnbmVy$c2FsdA==$aGFzaA==',
    ]) {
      expect(isSupportedPasswordHash(hash)).toBe(false);
    }
  });

  test('a Django hash with a changed salt no longer matches', async () => {
    expect(await verifyPassword('django-pass-1', 'pbkdf2_sha256$260000$yuSPd2Ub7hL4$MmD3fQAnxbbrT80as5oWGTN32eRIz39+y+nbjuUOcK0=')).toBe(false);
  });
});
