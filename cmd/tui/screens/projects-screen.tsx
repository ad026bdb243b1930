// Projects: the list, a new one (n), and Enter to open one.
import { Box, useInput } from 'ink';
import { useState } from 'react';
import { createProject, listProjectAdminViews } from '../../../server/core/projects/projects';
import { projectCreateSchema } from '../../../server/protocol/project-schemas';
import { parseWithSchema } from '../../cli-support';
import { useReloadable } from '../use-loaded';
import { useAction, useHelp, useNavigation } from '../navigation';
import { ListRows, useSelection } from '../select-list';
import { TextField } from '../text-field';
import { ProjectScreen } from './project-screen';

export function ProjectsScreen() {
  const { ctx, push } = useNavigation();
  const act = useAction();
  const [creating, setCreating] = useState(false);
  const [projectsLoaded, reload] = useReloadable(() => listProjectAdminViews(ctx), []);
  const projects = projectsLoaded ?? [];
  const open = (index: number) => {
    const project = projects[index]!;
    push({ title: project.display_name, element: <ProjectScreen projectId={project.id} /> });
  };
  const selected = useSelection(projects.length, !creating, open);
  useHelp('↑↓ move · Enter open · n new project');
  useInput((input) => input === 'n' && setCreating(true), { isActive: !creating });

  return (
    <Box flexDirection="column">
      <ListRows
        items={projects}
        selected={selected}
        empty="No projects yet: press n to create one."
        row={(p) =>
          `${p.display_name.padEnd(28).slice(0, 28)} ${p.id.padEnd(36)} ${String(p.user_count).padStart(6)} users${
            p.is_production_mode ? '  production' : ''
          }`
        }
      />
      {creating ? (
        <TextField
          label="New project name"
          onCancel={() => setCreating(false)}
          onSubmit={async (name) => {
            await act(async () => {
              await createProject(ctx, parseWithSchema(projectCreateSchema, { display_name: name }));
              setCreating(false);
              reload();
            }, `Created project "${name.trim()}". Open it and make its keys under API keys.`);
          }}
        />
      ) : null}
    </Box>
  );
}
