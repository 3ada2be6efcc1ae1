# perturb_write_if_changed(PATH CONTENT) writes CONTENT to PATH unless PATH
# holds it already, so that a header generated at every build rebuilds its
# dependents only when it changed.
function(perturb_write_if_changed path content)
  set(old "")
  if(EXISTS ${path})
    file(READ ${path} old)
  endif()
  if(NOT old STREQUAL content)
    file(WRITE ${path} "${content}")
  endif()
endfunction()
