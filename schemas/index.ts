// The wire contract, for users who want to parse or build frames themselves: `schemas.CallToolParams`
// is the Zod schema (built when first read, as every contract schema is: direction.ts), and as a
// type, what it parses.
import { builtOnRead } from './direction.js';
import * as apps from './apps.js';
import * as clientInput from './client-input.js';
import * as common from './common.js';
import * as completion from './completion.js';
import * as jsonrpc from './jsonrpc.js';
import * as logging from './logging.js';
import * as prompts from './prompts.js';
import * as resources from './resources.js';
import * as rev2025 from './rev2025.js';
import * as rev2026 from './rev2026.js';
import * as skills from './skills.js';
import * as tasks from './tasks.js';
import * as tools from './tools.js';

export const schemas = builtOnRead({
  ...jsonrpc,
  ...common,
  ...tools,
  ...resources,
  ...prompts,
  ...completion,
  ...skills,
  ...clientInput,
  ...tasks,
  ...apps,
  ...logging,
  ...rev2025,
  ...rev2026,
});

/** The contract's types, by the names of their schemas. */
// biome-ignore lint/style/noNamespace: types only, merged with the object so that `schemas.Tool` stays a type
export declare namespace schemas {
  type RequestId = jsonrpc.RequestId;
  type Request = jsonrpc.Request;
  type Notification = jsonrpc.Notification;
  type ErrorObject = jsonrpc.ErrorObject;
  type SuccessResponse = jsonrpc.SuccessResponse;
  type ErrorResponse = jsonrpc.ErrorResponse;
  type Response = jsonrpc.Response;
  type Message = jsonrpc.Message;
  type ProgressToken = common.ProgressToken;
  type Icon = common.Icon;
  type Implementation = common.Implementation;
  type EmptyResult = common.EmptyResult;
  type PaginatedParams = common.PaginatedParams;
  type ClientCapabilities = common.ClientCapabilities;
  type ServerCapabilities = common.ServerCapabilities;
  type Annotations = common.Annotations;
  type ContentBlock = common.ContentBlock;
  type TextContent = common.TextContent;
  type ToolAnnotations = tools.ToolAnnotations;
  type ObjectJsonSchema = tools.ObjectJsonSchema;
  type Tool = tools.Tool;
  type ListToolsResult = tools.ListToolsResult;
  type CallToolParams = tools.CallToolParams;
  type CallToolResult = tools.CallToolResult;
  type Resource = resources.Resource;
  type ResourceTemplate = resources.ResourceTemplate;
  type ResourceContents = resources.ResourceContents;
  type ListResourcesResult = resources.ListResourcesResult;
  type ListResourceTemplatesResult = resources.ListResourceTemplatesResult;
  type ResourceParams = resources.ResourceParams;
  type ReadResourceResult = resources.ReadResourceResult;
  type PromptArgument = prompts.PromptArgument;
  type Prompt = prompts.Prompt;
  type ListPromptsResult = prompts.ListPromptsResult;
  type GetPromptParams = prompts.GetPromptParams;
  type PromptMessage = prompts.PromptMessage;
  type GetPromptResult = prompts.GetPromptResult;
  type CompleteParams = completion.CompleteParams;
  type CompleteResult = completion.CompleteResult;
  type Skill = skills.Skill;
  type ListSkillsResult = skills.ListSkillsResult;
  type DirectoryReadResult = skills.DirectoryReadResult;
  type PrimitiveSchemaDefinition = clientInput.PrimitiveSchemaDefinition;
  type RequestedSchema = clientInput.RequestedSchema;
  type ElicitParams = clientInput.ElicitParams;
  type ElicitResult = clientInput.ElicitResult;
  type SamplingContent = clientInput.SamplingContent;
  type SamplingMessage = clientInput.SamplingMessage;
  type CreateMessageParams = clientInput.CreateMessageParams;
  type CreateMessageResult = clientInput.CreateMessageResult;
  type Root = clientInput.Root;
  type ListRootsResult = clientInput.ListRootsResult;
  type InputRequest = clientInput.InputRequest;
  type InputRequests = clientInput.InputRequests;
  type InputRequiredResult = clientInput.InputRequiredResult;
  type TaskStatus = tasks.TaskStatus;
  type Task = tasks.Task;
  type DetailedTask = tasks.DetailedTask;
  type AppsClientSettings = apps.AppsClientSettings;
  type ToolVisibility = apps.ToolVisibility;
  type ToolUiMeta = apps.ToolUiMeta;
  type AppCsp = apps.AppCsp;
  type AppPermissions = apps.AppPermissions;
  type ResourceUiMeta = apps.ResourceUiMeta;
  type LogLevel = logging.LogLevel;
  type SetLevelParams = logging.SetLevelParams;
  type LoggingMessageParams = logging.LoggingMessageParams;
  type ProgressParams = logging.ProgressParams;
  type CancelledParams = logging.CancelledParams;
  type InitializeParams = rev2025.InitializeParams;
  type InitializeResult = rev2025.InitializeResult;
  type RequestEnvelope = rev2026.RequestEnvelope;
  type CacheScope = rev2026.CacheScope;
  type CacheHint = rev2026.CacheHint;
  type DiscoverResult = rev2026.DiscoverResult;
  type SubscriptionFilter = rev2026.SubscriptionFilter;
  type ListenParams = rev2026.ListenParams;
  type AcknowledgedParams = rev2026.AcknowledgedParams;
  type UnsupportedVersionData = rev2026.UnsupportedVersionData;
  type MissingCapabilityData = rev2026.MissingCapabilityData;
}
