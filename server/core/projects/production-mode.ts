// The production-mode checks (no localhost redirects, no shared OAuth or email credentials, …). They are reported on the admin view and refuse any
// project update that would leave a production-mode project failing one of them.

import { isLocalhostName } from '../../protocol/localhost-names';
import type { ProductionModeProblem } from '../../protocol/project-schemas';

export interface ProductionCheckInput {
  id: string;
  allowLocalhost: boolean;
  domains: readonly { domain: string }[];
}

function isBareIpAddress(hostname: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.startsWith('[');
}

export function findProductionModeProblems(project: ProductionCheckInput): ProductionModeProblem[] {
  const fixUrl = `/projects/${project.id}/domains`;
  const problems: string[] = [];
  if (project.allowLocalhost) {
    problems.push("Localhost is allowed as a redirect target; turn off 'Allow localhost' before using production mode.");
  }
  for (const { domain } of project.domains) {
    let url: URL;
    try {
      url = new URL(domain);
    } catch {
      problems.push(`Trusted domain ${domain} is not a valid URL.`);
      continue;
    }
    if (isLocalhostName(url.hostname)) {
      problems.push(`Trusted domain ${domain} points at localhost, which production mode does not allow.`);
    } else if (isBareIpAddress(url.hostname)) {
      problems.push(`Trusted domain ${domain} is a bare IP address; production mode needs a domain name.`);
    }
    if (url.protocol !== 'https:') {
      problems.push(`Trusted domain ${domain} must use https in production mode.`);
    }
  }
  return problems.map((message) => ({ message, relative_fix_url: fixUrl }));
}
