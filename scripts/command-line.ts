// What the operators' commands (npm run backup, npm run restore) share: their options read with
// node:util's parseArgs, --help, and French messages on standard error with an exit code.
import { type ParseArgsConfig, parseArgs } from "node:util";
import { type Config, ConfigError, loadConfig } from "../src/server/config";

/** Writes the message on standard error and ends the command. */
export function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

type Options = NonNullable<ParseArgsConfig["options"]>;

/**
 * The command's options, or the end of the command: an unknown or malformed option prints its
 * error and the help (exit 1), --help prints the help (exit 0). `--help` is added to `options`.
 */
export function readOptions<const O extends Options>(
  help: string,
  options: O,
): ReturnType<typeof parseArgs<{ options: O; strict: true; allowPositionals: false }>>["values"] {
  let values: Record<string, unknown>;
  try {
    values = parseArgs({
      options: { ...options, help: { type: "boolean", default: false } },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n\n${help}`);
  }
  if (values.help) {
    console.log(help);
    process.exit(0);
  }
  return values as never;
}

/** The server's configuration from the environment; a wrong setting ends the command. */
export function loadConfigOrFail(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}
