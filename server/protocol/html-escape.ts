// Text put into HTML that authd writes itself (its small server-rendered pages, emails): the five
// characters that could end an attribute or start markup become entities.
const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities[c]!);
}
