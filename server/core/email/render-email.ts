// Renders an email document (Stack's block structure of an email template) with its variables into the HTML and
// plain-text parts of a message. Values are HTML-escaped in the HTML part: a display name is
// user input and must not become markup in someone's inbox.

export type EmailVariables = Record<string, string | null | undefined>;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function fill(template: string, variables: EmailVariables, escape: (s: string) => string): string {
  return template.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (_, name: string) => escape(variables[name] ?? ''));
}

export function renderSubject(subject: string, variables: EmailVariables): string {
  return fill(subject, variables, (s) => s).replace(/[\r\n]+/g, ' ');
}

interface BlockShape {
  type?: unknown;
  data?: { props?: Record<string, unknown> };
}

/** The language of the message's text: `lang` and `dir` of its HTML part (Arabic reads right to left). */
export interface EmailLanguage {
  lang: string;
  dir: 'ltr' | 'rtl';
}

export function renderEmailDocument(
  content: unknown,
  variables: EmailVariables,
  language: EmailLanguage = { lang: 'en', dir: 'ltr' },
): { html: string; text: string } {
  const blocks = (typeof content === 'object' && content !== null ? content : {}) as Record<
    string,
    BlockShape & { data?: { childrenIds?: unknown } }
  >;
  const childIds = Array.isArray(blocks.root?.data?.childrenIds) ? (blocks.root.data.childrenIds as unknown[]) : [];
  const html: string[] = [];
  const text: string[] = [];
  for (const id of childIds) {
    const block = typeof id === 'string' ? blocks[id] : undefined;
    const props = block?.data?.props ?? {};
    const prop = (name: string) => (typeof props[name] === 'string' ? (props[name] as string) : '');
    switch (block?.type) {
      case 'Heading':
        html.push(`<h2 style="margin:0 0 16px">${fill(prop('text'), variables, escapeHtml)}</h2>`);
        text.push(fill(prop('text'), variables, String), '');
        break;
      case 'Text':
        html.push(`<p style="margin:0 0 16px;line-height:1.5">${fill(prop('text'), variables, escapeHtml)}</p>`);
        text.push(fill(prop('text'), variables, String), '');
        break;
      case 'Button': {
        const url = fill(prop('url'), variables, String);
        html.push(
          `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="background:#18181b;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${fill(prop('text'), variables, escapeHtml)}</a></p>`,
        );
        text.push(`${fill(prop('text'), variables, String)}: ${url}`, '');
        break;
      }
      case 'Divider':
        html.push('<hr style="border:none;border-top:1px solid #e4e4e7;margin:24px 0">');
        text.push('---', '');
        break;
    }
  }
  return {
    html: `<!doctype html><html lang="${language.lang}" dir="${language.dir}"><body style="margin:0;padding:24px;background:#f4f4f5;font-family:system-ui,sans-serif;color:#18181b"><div style="max-width:480px;margin:0 auto;background:#ffffff;padding:32px;border-radius:8px">${html.join('')}</div></body></html>`,
    text: text.join('\n').trim() + '\n',
  };
}
