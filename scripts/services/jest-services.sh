#!/usr/bin/env bash
# The services run's Jest part (npm run test:services, inside run-with-services.sh): the suites that use Kafka
# (project services-kafka, jest.config.js) one at a time, as they share the services' consumer groups and one of them
# restarts the broker; then every other suite (project services) in parallel workers: each has its own database,
# Redis key prefix, data directory and ports. BI_TEST_WORKERS sets the workers (default 2; 1 runs them in band).
# Extra arguments (e.g. --ci --forceExit, --testPathPatterns x) go to both. Exit code: the first failure's, else 0.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
jest=(node --experimental-vm-modules node_modules/jest/bin/jest.js --passWithNoTests)
workers="${BI_TEST_WORKERS:-2}"
"${jest[@]}" --selectProjects services-kafka --runInBand "$@"
kafka=$?
if [ "$workers" -le 1 ]; then parallel=(--runInBand); else parallel=(--maxWorkers="$workers"); fi
"${jest[@]}" --selectProjects services "${parallel[@]}" "$@"
rest=$?
[ $kafka -ne 0 ] && exit $kafka
exit $rest
