// Every relative link and image in README.md and docs/*.md points at a file of this repository,
// and a link's #anchor at a heading of the page it names (GitHub's heading ids).
import { describe, expect, test } from 'bun:test';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dir, '../..');

/** GitHub's id for a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const base = heading[1]!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** The targets of inline links and images, outside code blocks and code spans. */
export function linkTargets(markdown: string): string[] {
  const targets: string[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    if (fenced) continue;
    const prose = line.replace(/`[^`]*`/g, '');
    for (const match of prose.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) targets.push(match[1]!);
    for (const match of prose.matchAll(/<img[^>]*\ssrc="([^"]+)"/g)) targets.push(match[1]!);
  }
  return targets;
}

function pages(): string[] {
  const docs = readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs];
}

/** What is wrong with one relative link of a page, or null when it resolves. */
function brokenLink(page: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null; // https:, mailto: and the like
  const [file, anchor] = target.split('#') as [string, string | undefined];
  const resolved = file ? path.resolve(root, path.dirname(page), decodeURIComponent(file)) : path.join(root, page);
  if (!resolved.startsWith(root) || !existsSync(resolved)) return `${page}: ${target} (no such file)`;
  if (anchor && resolved.endsWith('.md') && statSync(resolved).isFile()) {
    if (!headingAnchors(readFileSync(resolved, 'utf8')).has(anchor)) return `${page}: ${target} (no such heading)`;
  }
  return null;
}

describe('links in README.md and docs/', () => {
  test('every relative link and image resolves, anchors included', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const page of pages()) {
      for (const target of linkTargets(readFileSync(path.join(root, page), 'utf8'))) {
        checked += 1;
        const problem = brokenLink(page, target);
        if (problem) broken.push(problem);
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });

  test('the README links to every page of docs/', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const linked = new Set(linkTargets(readme).map((target) => target.split('#')[0]));
    const missing = pages()
      .filter((page) => page !== 'README.md')
      .filter((page) => !linked.has(page));
    expect(missing).toEqual([]);
  });

  test('the README stays short', () => {
    expect(readFileSync(path.join(root, 'README.md'), 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(250);
  });

  test('the checker catches a missing file and a missing heading', () => {
    expect(linkTargets('See [a](docs/a.md#b) and ![x](images/x.png), not `[c](d.md)`.')).toEqual(['docs/a.md#b', 'images/x.png']);
    expect(brokenLink('README.md', 'docs/no-such-page.md')).toContain('no such file');
    expect(brokenLink('README.md', 'docs/cli.md#no-such-heading')).toContain('no such heading');
    expect(brokenLink('README.md', 'docs/cli.md#authd-teams-members-add')).toBeNull();
    expect([...headingAnchors('# A b\n## A b\n```\n# not\n```\n## `--x` y!')]).toEqual(['a-b', 'a-b-1', '--x-y']);
  });
});
