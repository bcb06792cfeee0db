// Where the `trncost` command's results go, safely (docs/security.md, "What trncost writes,
// replaces or deletes"): a report named by --output is written to a new temporary file in the
// target's folder and renamed over the target only when it is complete, so the target is either the
// old file or the whole new one; a target that is not a regular file, or that is one of the run's
// own inputs (the same file by device and inode, whatever its name), is refused before anything is
// written; standard output is checked once the command has written everything, so a full disk or a
// closed pipe is exit code 5 and never a silent success. POSIX calls rather than iostreams: they
// say why a write failed.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli.hpp"

namespace trncost_cli {

namespace {

std::string why(int e) { return std::strerror(e); }

/// What a file is, in words, for a refusal ("a character device").
std::string kind_of(mode_t m) {
  if (S_ISDIR(m)) return "a directory";
  if (S_ISCHR(m)) return "a character device";
  if (S_ISBLK(m)) return "a block device";
  if (S_ISFIFO(m)) return "a FIFO (named pipe)";
  if (S_ISSOCK(m)) return "a socket";
  if (S_ISLNK(m)) return "a symbolic link";
  return "not a regular file";
}

/// The file a report for `path` is written to: `path` itself, or the file a symbolic link at
/// `path` points to (the link stays a link). nullopt with `refusal` set when there is none.
std::optional<std::filesystem::path> real_target(const std::string& path, std::string& refusal) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) return std::filesystem::path(path);  // a new file
    refusal = "cannot be examined (" + why(errno) + ")";
    return std::nullopt;
  }
  if (!S_ISLNK(st.st_mode)) return std::filesystem::path(path);
  std::error_code ec;
  const auto resolved = std::filesystem::canonical(path, ec);
  if (ec) {
    // A dangling link would create a file wherever it points: not what the user named.
    refusal = "is a symbolic link to a file that does not exist (" + ec.message() +
              "); trncost writes through a link only to an existing regular file";
    return std::nullopt;
  }
  return resolved;
}

}  // namespace

std::optional<std::string> output_refusal(const std::string& path,
                                          const std::vector<std::string>& inputs) {
  std::string refusal;
  const auto target = real_target(path, refusal);
  if (!target) return refusal;
  struct stat st {};
  if (::stat(target->c_str(), &st) != 0) {
    if (errno == ENOENT) return std::nullopt;
    return "cannot be examined (" + why(errno) + ")";
  }
  if (!S_ISREG(st.st_mode)) {
    return "is " + kind_of(st.st_mode) +
           ", not a regular file; trncost writes a report only to a regular file, which it "
           "replaces whole";
  }
  for (const auto& input : inputs) {
    struct stat in {};
    if (::stat(input.c_str(), &in) == 0 && in.st_dev == st.st_dev && in.st_ino == st.st_ino) {
      const bool same_name = std::filesystem::path(input).lexically_normal() ==
                             std::filesystem::path(path).lexically_normal();
      return "is " +
             (same_name ? std::string("one of this run's inputs")
                        : "the same file as " + input + ", one of this run's inputs") +
             "; trncost will not write its output over what it reads";
    }
  }
  return std::nullopt;
}

int write_output(std::string_view program, const std::string& path, const std::string& text,
                 const std::vector<std::string>& inputs) {
  const auto refuse = [&](const std::string& sentence) {
    std::cerr << program << ": --output " << path << ": " << sentence << "\n";
    return exit_cannot_write;
  };
  if (const auto r = output_refusal(path, inputs)) return refuse(*r);
  std::string refusal;
  const auto target = real_target(path, refusal);
  if (!target) return refuse(refusal);
  const auto failed = [&](const std::string& what, int e) {
    std::cerr << program << ": " << path << ": cannot be written: " << what
              << (what.empty() ? "" : ": ") << why(e) << " ("
              << (std::filesystem::exists(*target) ? "the file was left as it was"
                                                   : "nothing was written")
              << ")\n";
    return exit_cannot_write;
  };
  // The temporary file: new (O_EXCL, so nothing planted at its name is followed or truncated),
  // hidden, in the target's own folder so that the rename cannot cross file systems.
  const std::filesystem::path dir = target->has_parent_path() ? target->parent_path() : ".";
  std::string tmp = (dir / ("." + target->filename().string() + ".trncost-XXXXXX")).string();
  const int fd = ::mkstemp(tmp.data());
  if (fd < 0) return failed("cannot create a temporary file in " + dir.string(), errno);
  const auto give_up = [&](const std::string& what, int e) {
    ::close(fd);
    ::unlink(tmp.c_str());
    return failed(what, e);
  };
  // The new file gets the old one's permissions (and owner, where allowed); a new target gets what
  // any new file gets under the umask (mkstemp creates 0600).
  struct stat old {};
  if (::stat(target->c_str(), &old) == 0) {
    (void)::fchown(fd, old.st_uid, old.st_gid);
    if (::fchmod(fd, old.st_mode & 07777) != 0) return give_up("", errno);
  } else {
    const mode_t mask = ::umask(0);
    ::umask(mask);
    if (::fchmod(fd, 0666 & ~mask) != 0) return give_up("", errno);
  }
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return give_up("", errno);
    }
    done += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) return give_up("", errno);
  if (::close(fd) != 0) {
    const int e = errno;
    ::unlink(tmp.c_str());
    return failed("", e);
  }
  // The target may have changed while the report was written: look again just before replacing it.
  if (const auto r = output_refusal(path, inputs)) {
    ::unlink(tmp.c_str());
    return refuse(*r);
  }
  if (::rename(tmp.c_str(), target->c_str()) != 0) {
    const int e = errno;
    ::unlink(tmp.c_str());
    return failed("", e);
  }
  // The rename itself on disk (best effort: some file systems refuse fsync on a directory).
  const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
  if (dfd >= 0) {
    (void)::fsync(dfd);
    ::close(dfd);
  }
  return exit_ok;
}

namespace {

/// std::cout's buffer: written to file descriptor 1 with write(2), so that the first failure's
/// reason (errno) is kept for finish_stdout; after a failure the rest is dropped (and std::cout
/// goes bad), since a report with a hole in it is worse than a report cut short.
class checked_stdout final : public std::streambuf {
 public:
  checked_stdout() { setp(buf_, buf_ + sizeof buf_); }
  [[nodiscard]] int error() const noexcept { return error_; }

 protected:
  int_type overflow(int_type ch) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(ch, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(ch);
      pbump(1);
    }
    return traits_type::not_eof(ch);
  }
  int sync() override { return drain() ? 0 : -1; }

 private:
  bool drain() {
    const char* p = pbase();
    std::size_t left = static_cast<std::size_t>(pptr() - pbase());
    while (left > 0 && error_ == 0) {
      const ssize_t n = ::write(STDOUT_FILENO, p, left);
      if (n < 0) {
        if (errno == EINTR) continue;
        error_ = errno;
        break;
      }
      p += n;
      left -= static_cast<std::size_t>(n);
    }
    setp(buf_, buf_ + sizeof buf_);
    return error_ == 0;
  }
  char buf_[1 << 16];
  int error_ = 0;
};

checked_stdout& stdout_buffer() {
  static checked_stdout buffer;
  return buffer;
}

}  // namespace

void start_output() {
  // A closed pipe is then a write error (EPIPE) that finish_stdout reports with exit code 5,
  // instead of a death by signal that a script cannot tell from a crash. Likewise a file larger
  // than the file-size limit (ulimit -f) is a write error (EFBIG): write_output then removes its
  // temporary file and says why, instead of SIGXFSZ ending the command with no word and the
  // temporary file left behind.
  std::signal(SIGPIPE, SIG_IGN);
  std::signal(SIGXFSZ, SIG_IGN);
  std::cout.rdbuf(&stdout_buffer());
}

int finish_stdout(std::string_view program, int rc) {
  std::cout.flush();
  int e = stdout_buffer().error();
  // Anything written through C's stdout instead (nothing of trncost's, but a library might).
  if (std::fflush(stdout) != 0 && e == 0) e = errno;
  if (e == 0 && std::cout) return rc;
  std::cerr << program << ": standard output: cannot be written"
            << (e != 0 ? ": " + why(e) : std::string()) << " (what was printed is incomplete)\n";
  return rc == exit_ok ? exit_cannot_write : rc;
}

}  // namespace trncost_cli
