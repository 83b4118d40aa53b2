// zod-mcp/skills: a folder of skills (each a folder with a SKILL.md) served as the extension
// io.modelcontextprotocol/skills.
export { skillsFrom, type SkillsOptions } from './bundled/skills/index.js';
