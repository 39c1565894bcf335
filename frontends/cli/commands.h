#ifndef DSCONFORM_FRONTENDS_CLI_COMMANDS_H_
#define DSCONFORM_FRONTENDS_CLI_COMMANDS_H_

#include <string>
#include <vector>

namespace dsconform {

// Each returns the process exit status (frontends/cli/cli_flags.h). `args` are
// the positional arguments after the command name; flags are already parsed.
int RunCommand(const std::vector<std::string>& args, const std::string& command_line);
int ListCommand(const std::vector<std::string>& args);
int ReproCommand(const std::vector<std::string>& args);
int RecordCommand(const std::vector<std::string>& args, const std::string& command_line);
int CheckCommand(const std::vector<std::string>& args, const std::string& command_line);
int MergeCommand(const std::vector<std::string>& args, const std::string& command_line);
int GateCommand(const std::vector<std::string>& args, const std::string& command_line);
// `dsconform gate --cpp=DIR --base=REV --head=REV ...` (or --java, --rust, --go): scripts/gate of
// this source tree, with this dsconform. Its flags are that script's, so it is told apart before
// the flags are parsed.
bool GateFromCheckout(int argc, char** argv);
int GateFromCheckoutCommand(int argc, char** argv);
int BenchCommand(const std::vector<std::string>& args, const std::string& command_line);

// Prints "dsconform: <message>" to stderr and returns kExitUsage.
int UsageError(const std::string& message);

}  // namespace dsconform

#endif  // DSCONFORM_FRONTENDS_CLI_COMMANDS_H_
