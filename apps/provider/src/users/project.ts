/** What the user and session stores need of a project: its id, and test/live for id prefixes. */
export interface ProjectRef {
  project_id: string;
  test: boolean;
}
