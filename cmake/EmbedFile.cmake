# arbiter_embed_file(TARGET SYMBOL FILE): compiles FILE's bytes into TARGET as
# arbiter::embedded::SYMBOL / SYMBOL_size (cmake/embed_file.cmake). An empty FILE embeds no
# bytes. The source is regenerated when the file changes.
function(arbiter_embed_file target symbol file)
  set(out ${CMAKE_CURRENT_BINARY_DIR}/embedded_${symbol}.cpp)
  set(script ${PROJECT_SOURCE_DIR}/cmake/embed_file.cmake)
  add_custom_command(OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DIN=${file} -DOUT=${out} -DSYMBOL=${symbol} -P ${script}
    DEPENDS ${script} ${file}
    COMMENT "Embedding ${symbol} from '${file}'" VERBATIM)
  target_sources(${target} PRIVATE ${out})
endfunction()
