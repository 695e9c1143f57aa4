#include "library_search_paths.hpp"

#include <elf.h>
#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>

namespace castlike::harness {
namespace {

constexpr size_t kMaxProgramHeaders = 256, kMaxDynamicEntries = 4096, kMaxPathList = 64 * 1024;

bool read_at(int fd, void* buffer, size_t size, uint64_t offset) {
  return pread(fd, buffer, size, static_cast<off_t>(offset)) == static_cast<ssize_t>(size);
}

void append_list(std::vector<std::string>& out, const std::string& list, const std::string& origin) {
  size_t begin = 0;
  while (begin <= list.size()) {
    size_t end = list.find(':', begin);
    if (end == std::string::npos) end = list.size();
    std::string entry = list.substr(begin, end - begin);
    for (const char* token : {"${ORIGIN}", "$ORIGIN"})
      for (size_t at; (at = entry.find(token)) != std::string::npos;) entry.replace(at, std::strlen(token), origin);
    if (!entry.empty()) out.push_back(entry);
    begin = end + 1;
  }
}

// The DT_RUNPATH and DT_RPATH strings of a 64-bit ELF file.
std::vector<std::string> dynamic_paths(int fd) {
  Elf64_Ehdr eh{};
  if (!read_at(fd, &eh, sizeof eh, 0) || std::memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 ||
      eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_phentsize != sizeof(Elf64_Phdr) || eh.e_phnum > kMaxProgramHeaders)
    return {};
  std::vector<Elf64_Phdr> ph(eh.e_phnum);
  if (!read_at(fd, ph.data(), ph.size() * sizeof(Elf64_Phdr), eh.e_phoff)) return {};
  const Elf64_Phdr* dynamic = nullptr;
  for (const auto& p : ph)
    if (p.p_type == PT_DYNAMIC) dynamic = &p;
  if (!dynamic || dynamic->p_filesz / sizeof(Elf64_Dyn) > kMaxDynamicEntries) return {};
  std::vector<Elf64_Dyn> dyn(dynamic->p_filesz / sizeof(Elf64_Dyn));
  if (!read_at(fd, dyn.data(), dyn.size() * sizeof(Elf64_Dyn), dynamic->p_offset)) return {};
  uint64_t strtab = 0;
  std::vector<uint64_t> offsets;
  for (const auto& d : dyn) {
    if (d.d_tag == DT_NULL) break;
    if (d.d_tag == DT_STRTAB) strtab = d.d_un.d_ptr;
    if (d.d_tag == DT_RUNPATH || d.d_tag == DT_RPATH) offsets.push_back(d.d_un.d_val);
  }
  // The string table's address to its place in the file, through the segment that loads it.
  std::optional<uint64_t> strtab_offset;
  for (const auto& p : ph)
    if (p.p_type == PT_LOAD && strtab >= p.p_vaddr && strtab - p.p_vaddr < p.p_filesz)
      strtab_offset = p.p_offset + (strtab - p.p_vaddr);
  std::vector<std::string> lists;
  if (!strtab_offset) return lists;
  for (uint64_t o : offsets) {
    std::string s(kMaxPathList, '\0');
    const ssize_t n = pread(fd, s.data(), s.size(), static_cast<off_t>(*strtab_offset + o));
    if (n <= 0) continue;
    s.resize(strnlen(s.data(), static_cast<size_t>(n)));
    lists.push_back(s);
  }
  return lists;
}

}  // namespace

std::vector<std::string> library_search_paths(const std::string& library) {
  std::vector<std::string> out;
  std::error_code ec;
  const auto real = std::filesystem::canonical(library, ec);
  const int fd = ec ? -1 : ::open(real.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd >= 0) {
    for (const auto& list : dynamic_paths(fd)) append_list(out, list, real.parent_path().string());
    ::close(fd);
  }
  if (const char* env = std::getenv("LD_LIBRARY_PATH")) append_list(out, env, ".");
  return out;
}

}  // namespace castlike::harness
