// `authd oidc-clients create|list|update|delete`: the relying parties of a project's OpenID
// Provider, over the core functions of server/core/oidc. A client's secret is printed once.
import { Command } from 'commander';
import { createOidcClient, deleteOidcClient, listOidcClients, updateOidcClient, type OidcClientView } from '../../server/core/oidc/oidc-clients';
import { projectCommand, withProject, type ProjectOption } from '../cli-support';
import { printJson, printLine, printSuccess } from '../cli-output';

interface ClientOptions extends ProjectOption {
  name?: string;
  redirectUri?: string[];
  postLogoutRedirectUri?: string[];
  scopes?: string;
  public?: boolean;
  firstParty?: boolean;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

function describeClient(client: OidcClientView): string {
  return `${client.client_id}  ${client.name}  ${client.type}${client.first_party ? ' first-party' : ''}  ${client.redirect_uris.join(' ')}`;
}

export function oidcClientsCommand(): Command {
  const clients = new Command('oidc-clients').description("manage the clients of a project's OpenID Provider");

  clients.addCommand(
    projectCommand('create')
      .description('register a client; prints client_id, client_secret (once, none for --public) and issuer')
      .requiredOption('--name <name>', 'the name the consent screen shows')
      .requiredOption('--redirect-uri <uri>', 'an exact redirect URI (repeatable)', collect)
      .option('--post-logout-redirect-uri <uri>', 'where logout may return (repeatable)', collect)
      .option('--scopes <scopes>', 'allowed scopes, space-separated (default: all)')
      .option('--public', 'a public client: no secret, PKCE required')
      .option('--first-party', 'the project’s own app: no consent screen')
      .action((options: ClientOptions) =>
        withProject(options, async (ctx, projectId) => {
          const created = await createOidcClient(ctx, projectId, {
            name: options.name!,
            redirect_uris: options.redirectUri ?? [],
            post_logout_redirect_uris: options.postLogoutRedirectUri,
            allowed_scopes: options.scopes?.split(' ').filter((s) => s !== ''),
            public: options.public ?? false,
            first_party: options.firstParty ?? false,
          });
          if (options.json) return printJson(created);
          printLine(`Created ${describeClient(created)}`);
          printLine(`issuer: ${created.issuer}`);
          if (created.client_secret) printLine(`client_secret (shown once): ${created.client_secret}`);
        }),
      ),
  );

  clients.addCommand(
    projectCommand('list')
      .description("list the project's clients")
      .action((options: ClientOptions) =>
        withProject(options, async (ctx, projectId) => {
          const list = await listOidcClients(ctx, projectId);
          if (options.json) return printJson(list);
          for (const client of list) printLine(describeClient(client));
        }),
      ),
  );

  clients.addCommand(
    projectCommand('update')
      .description('change a client (given options replace the current values)')
      .argument('<client-id>')
      .option('--name <name>', 'the name the consent screen shows')
      .option('--redirect-uri <uri>', 'exact redirect URIs, replacing the current ones (repeatable)', collect)
      .option('--post-logout-redirect-uri <uri>', 'post-logout URIs, replacing the current ones (repeatable)', collect)
      .option('--scopes <scopes>', 'allowed scopes, space-separated')
      .option('--first-party', 'no consent screen')
      .option('--no-first-party', 'ask consent')
      .action((clientId: string, options: ClientOptions) =>
        withProject(options, async (ctx, projectId) => {
          const updated = await updateOidcClient(ctx, projectId, clientId, {
            name: options.name,
            redirect_uris: options.redirectUri,
            post_logout_redirect_uris: options.postLogoutRedirectUri,
            allowed_scopes: options.scopes?.split(' ').filter((s) => s !== ''),
            first_party: options.firstParty,
          });
          if (options.json) return printJson(updated);
          printLine(`Updated ${describeClient(updated)}`);
        }),
      ),
  );

  clients.addCommand(
    projectCommand('delete')
      .description('delete a client; its grants and consents end with it')
      .argument('<client-id>')
      .action((clientId: string, options: ClientOptions) =>
        withProject(options, async (ctx, projectId) => {
          await deleteOidcClient(ctx, projectId, clientId);
          printSuccess(options, `Deleted ${clientId}`);
        }),
      ),
  );
  return clients;
}
