// /email-templates (admin): the project's templates, edited or default.
import * as v from 'valibot';
import type { Context } from '../../core/storage/context';
import {
  listEmailTemplates,
  previewEmailTemplate,
  readEmailTemplate,
  resetEmailTemplate,
  updateEmailTemplate,
} from '../../core/email/email-templates';
import { requireAccess } from '../../core/credentials/callers';
import { noQueryParameters, wireObject } from '../../protocol/wire-object';
import { emailTemplateTypes } from '../../../templates/default-email-templates';
import { sourceLocale, supportedLocales } from '../../protocol/locales';
import type { ApiApp } from '../api-app';
import { succeeded } from '../resource-answers';

const templateParams = v.strictObject({
  type: v.picklist(emailTemplateTypes, `Must be one of ${emailTemplateTypes.join(', ')}`),
});
const templateUpdateSchema = wireObject({
  subject: v.optional(v.pipe(v.string(), v.maxLength(1000))),
  content: v.optional(
    v.pipe(
      v.unknown(),
      v.check((c) => c !== null, 'content may not be null'),
    ),
  ),
});

const previewQuery = v.strictObject({
  locale: v.optional(v.picklist(supportedLocales, `Must be one of ${supportedLocales.join(', ')}`)),
});

export function emailTemplateRoutes(app: ApiApp, ctx: Context) {
  return app
    .get(
      '/email-templates',
      async ({ auth }) => ({ items: await listEmailTemplates(ctx, requireAccess(auth, 'admin').projectId), is_paginated: false }),
      {
        query: noQueryParameters,
      },
    )
    .get(
      '/email-templates/:type',
      async ({ auth, params }) => await readEmailTemplate(ctx.db, requireAccess(auth, 'admin').projectId, params.type),
      {
        params: templateParams,
        query: noQueryParameters,
      },
    )
    .get(
      '/email-templates/:type/preview',
      async ({ auth, params, query }) =>
        await previewEmailTemplate(ctx, requireAccess(auth, 'admin').projectId, params.type, query.locale ?? sourceLocale),
      { params: templateParams, query: previewQuery },
    )
    .patch(
      '/email-templates/:type',
      async ({ auth, params, body }) => await updateEmailTemplate(ctx, requireAccess(auth, 'admin').projectId, params.type, body),
      { params: templateParams, body: templateUpdateSchema, query: noQueryParameters },
    )
    .delete(
      '/email-templates/:type',
      async ({ auth, params }) => await succeeded(resetEmailTemplate(ctx, requireAccess(auth, 'admin').projectId, params.type)),
      { params: templateParams, query: noQueryParameters },
    );
}
