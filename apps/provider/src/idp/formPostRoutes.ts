import type { Context } from 'hono';
import { htmlPage } from '../frame/htmlPage';
import type { AppEnv, Services } from '../http/deps';
import { rawRoute, type Route } from '../http/route';
import { formPostPage } from './formPostPage';
import { takeFormPostResponse } from './formPostTickets';
import { ISSUER_PATH } from './issuer';
import { issuerProject } from './issuerProject';

const gonePage = (): Response =>
  htmlPage(
    'bad_request',
    'This sign-in response is no longer available',
    '<p>It was already used or has expired. Go back to the application and sign in again.</p>',
  );

/** The page the screen sends the visitor to for `response_mode=form_post` (one visit per ticket). */
async function formPost(c: Context<AppEnv>, services: Services): Promise<Response> {
  const project = issuerProject(c, services);
  const ticket = c.req.query('ticket');
  if (!project || !ticket) return gonePage();
  const response = await takeFormPostResponse(services.db, {
    projectId: project.project_id,
    ticket,
    now: new Date(),
  });
  return response ? formPostPage(response.redirectUri, response.params) : gonePage();
}

export const formPostRoutes: Route[] = [rawRoute('GET', `${ISSUER_PATH}/oauth2/form_post`, formPost)];
