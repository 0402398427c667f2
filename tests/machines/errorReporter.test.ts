import { machineEntry } from '../../machines/index';
import { runModelPaths } from '../support/modelPaths';

const entry = machineEntry('errorReporter');
if (!entry) throw new Error('errorReporter is not registered');
runModelPaths(entry);
