// Every `contrail` command, by name: a command is one file beside this one and one line here.
import type { Command } from '../command.js';
import { listen } from './listen.js';
import { logs } from './logs.js';
import { trigger } from './trigger.js';

export const commands: Record<string, Command> = {
  listen,
  logs,
  trigger,
};
